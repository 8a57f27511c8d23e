package io.beepkit.bench;

import io.beepkit.api.Reply;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One invocation of each benchmark built on {@link LoopbackChannel}, outside JMH: its trial set-up, one benchmark
 * call and its tear-down, so that a benchmark that no longer exchanges what it claims fails here and not only in a
 * long run.
 */
class LoopbackBenchmarksTest {

    @Test
    void btfSendsABatchOfMessagesLargerThanTheWindowInSeveralFramesEach() throws Exception {
        BtfBenchmark b = new BtfBenchmark();
        b.profile = "default";
        b.size = 4098;
        b.callbacks = "offloop";
        b.setUp();
        try {
            BtfBenchmark.FrameCounters counters = new BtfBenchmark.FrameCounters();
            b.exchange(counters);
            assertEquals(BtfBenchmark.BATCH, counters.messages);
            // 4098 octets do not fit the 4096-octet window: at least two frames per message.
            assertTrue(counters.frames >= 2L * BtfBenchmark.BATCH, "frames: " + counters.frames);
            assertTrue(counters.seqs > 0, "the listener sent no SEQ");
        } finally {
            b.tearDown();
        }
    }

    @Test
    void smallBufferEchoesABatchOneFrameEachWay() throws Exception {
        SmallBufferBenchmark b = new SmallBufferBenchmark();
        b.buffer = 4096;
        b.profile = "default";
        b.nagle = "off";
        b.size = 64;
        b.inFlight = 1;
        b.setUp();
        try {
            SmallBufferBenchmark.FrameCounters counters = new SmallBufferBenchmark.FrameCounters();
            b.echo(counters);
            assertEquals(SmallBufferBenchmark.BATCH, counters.messages);
            assertEquals(SmallBufferBenchmark.BATCH, counters.frames);
            assertEquals(SmallBufferBenchmark.BATCH, counters.replyFrames);
        } finally {
            b.tearDown();
        }
    }

    @Test
    void echoLatencyGetsItsPayloadBack() throws Exception {
        EchoLatencyBenchmark b = new EchoLatencyBenchmark();
        b.callbacks = "direct";
        b.size = 64;
        b.setUp();
        try {
            Reply reply = assertInstanceOf(Reply.class, b.echo());
            assertArrayEquals(new byte[62], reply.entity().body());
        } finally {
            b.tearDown();
        }
    }
}
