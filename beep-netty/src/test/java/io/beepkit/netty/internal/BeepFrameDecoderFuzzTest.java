package io.beepkit.netty.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.netty.internal.codec.BeepFrameDecoder;
import io.beepkit.netty.internal.codec.Frame;
import io.beepkit.core.frame.FrameHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;

import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing of {@link BeepFrameDecoder} through an {@link EmbeddedChannel}: the fuzzer chooses the
 * frame limit, the octets and how they are cut into reads. Properties: only {@link BeepProtocolException} escapes
 * (wrapped in Netty's {@link DecoderException}); every buffer is released once the frames are (counted by the
 * allocator's metric, not left to the leak detector's sampling); the decoder never buffers more than one frame
 * beyond what it was given, and allocates within a constant plus a small multiple of the input. In a normal build
 * only the committed seeds run; {@code JAZZER_FUZZ=1} fuzzes (see docs/reliability.md).
 */
class BeepFrameDecoderFuzzTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    /**
     * Fixed allowance: the decoder's first cumulation buffer, and Netty's one-time per-thread caches, which the
     * first input run on a thread pays for (about 100 KB, measured).
     */
    private static final long FIXED = 192 * 1024;
    private static final long PER_OCTET = 64;

    static {
        warmUp(); // classes loaded and initialised on a first run are not the input's allocation
    }

    private static void warmUp() {
        byte[] frames = ("MSG 1 0 . 0 5\r\nhelloEND\r\nSEQ 1 5 4096\r\nANS 1 0 . 5 1 0\r\nxEND\r\n"
                + "MSG 1 0 . 0 5\r\nhelloEND\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int i = 0; i < 3; i++) {
            EmbeddedChannel ch = new EmbeddedChannel(new BeepFrameDecoder(4096));
            try {
                ch.writeInbound(io.netty.buffer.Unpooled.wrappedBuffer(frames));
            } catch (DecoderException expected) {
                // the last frame's trailer is wrong on purpose
            }
            releaseFrames(ch);
            ch.finishAndReleaseAll();
        }
    }

    @FuzzTest(maxDuration = "5m")
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // a fuzzing run lasts maxDuration; the module's default is 60 s
    void decode(FuzzedDataProvider data) {
        int maxFrame = data.consumeInt(1, 8192);
        // Leak detection off for this allocator: its metric counts every live buffer exactly, and the detector's
        // records would be counted as the decoder's allocation.
        UnpooledByteBufAllocator alloc = new UnpooledByteBufAllocator(false, true);
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.config().setAllocator(alloc);
        ch.pipeline().addLast(new BeepFrameDecoder(maxFrame));
        long id = Thread.currentThread().getId();
        long allocated = 0; // by the decoder only: the test's own bookkeeping is not the input's doing
        int octets = 0;
        try {
            while (data.remainingBytes() > 0) {
                byte[] chunk = data.consumeBytes(data.consumeInt(1, 4096));
                octets += chunk.length;
                ByteBuf in = alloc.heapBuffer(chunk.length).writeBytes(chunk);
                long before = THREADS.getThreadAllocatedBytes(id);
                try {
                    ch.writeInbound(in);
                } catch (DecoderException e) {
                    // Not counted: Netty materialises the exception's stack trace (inExceptionCaught), whose size
                    // is the depth of this test's stack, not the input's doing; it happens once per session.
                    assertInstanceOf(BeepProtocolException.class, e.getCause(), () -> "only protocol exceptions: " + e);
                    break; // the session would be terminated here
                }
                allocated += THREADS.getThreadAllocatedBytes(id) - before;
                long buffered = alloc.metric().usedHeapMemory();
                // Our input is either consumed or held for an incomplete frame, never more than one frame's worth
                // beyond what arrived (the cumulation may round up its capacity, hence the factor 2).
                int seen = octets;
                assertTrue(buffered <= 2L * seen + 2L * (maxFrame + FrameHeader.MAX_HEADER_LENGTH + 5),
                        () -> "buffered " + buffered + " after " + seen + " octets");
                releaseFrames(ch);
            }
        } finally {
            releaseFrames(ch);
            ch.finishAndReleaseAll();
        }
        long total = allocated;
        int input = octets;
        assertTrue(total <= FIXED + PER_OCTET * input + 2L * maxFrame,
                () -> "allocated " + total + " bytes for " + input + " octets");
        assertEquals(0, alloc.metric().usedHeapMemory(), "buffers not released");
        assertEquals(0, alloc.metric().usedDirectMemory(), "buffers not released");
    }

    private static void releaseFrames(EmbeddedChannel ch) {
        for (Object o; (o = ch.readInbound()) != null; ) {
            ((Frame) o).release();
        }
    }
}
