package io.beepkit.netty.internal.session;

import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionRole;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.internal.codec.Frame;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One flush per event-loop turn, and SEQs that ride with replies, checked on an {@link EmbeddedChannel}: a recorder
 * at the head of the pipeline writes down every frame the session writes and every flush, so a test reads exactly
 * which frames left together. The session is a listener with fixed 4096-octet windows; the peer starts channel 1
 * and sends one 4096-octet MSG, which fills the window and makes a SEQ due.
 */
class FlushCoalescingTest {
    private static final String ECHO = "urn:test:echo";
    private static final Duration SEQ_DELAY = Duration.ofMillis(5);

    private final List<String> wire = new ArrayList<>();
    private final AtomicReference<Responder> held = new AtomicReference<>();
    private EmbeddedChannel channel;
    private final long[] seqnos = new long[2];
    private int zeroMsgno = 1;
    /** The session's fixed window (4096 but for the long-burst tests) and Nagle's algorithm. */
    private int window = 4096;
    private boolean nagle;

    /** Writes down frames and flushes, and consumes the frames (releasing their buffers). */
    private final class Recorder extends ChannelOutboundHandlerAdapter {
        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof Frame f) {
                FrameHeader h = f.header();
                wire.add(h.type() + " " + h.channel());
                f.release();
            }
            promise.trySuccess();
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            wire.add("FLUSH");
        }
    }

    @AfterEach
    void close() {
        if (channel != null) {
            channel.finishAndReleaseAll();
        }
    }

    private void start(MessageHandler handler, boolean direct) {
        start(handler, direct, SEQ_DELAY);
    }

    private BeepSessionHandler newSession(SessionRole role, MessageHandler handler, boolean direct, Duration delay) {
        SocketTuning fixed = SocketTuning.of("custom", SocketTuning.DEFAULT.socket().toBuilder().tcpNoDelay(!nagle)
                .build(),
                SocketTuning.DEFAULT.flow().toBuilder().initialWindow(window).maxWindow(window).build());
        SessionConfig config = SessionConfig.builder().tuning(fixed).flow((fixed).flow().toBuilder().seqDelay(delay)
                .build())
                .build();
        CallbackSetup callbacks = new CallbackSetup(Runnable::run, direct);
        ProfileRegistry registry = new ProfileRegistry().register(ECHO, handler);
        return new BeepSessionHandler(role, config, registry, s -> { }, null, SecurityEndpoint.NONE, callbacks, null, 0);
    }

    private void start(MessageHandler handler, boolean direct, Duration delay) {
        channel = new EmbeddedChannel(new Recorder(), newSession(SessionRole.LISTENER, handler, direct, delay));
        channel.freezeTime();
        inbound(FrameType.RPY, 0, 0, "Content-Type: application/beep+xml\r\n\r\n<greeting/>");
        inbound(FrameType.MSG, 0, zeroMsgno++,
                "Content-Type: application/beep+xml\r\n\r\n<start number='1'><profile uri='" + ECHO + "'/></start>");
        channel.runPendingTasks();
        wire.clear();
    }

    private void inbound(FrameType type, int ch, int msgno, String payload) {
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        long seqno = seqnos[ch];
        seqnos[ch] += bytes.length;
        channel.writeInbound(new Frame(FrameHeader.data(type, ch, msgno, false, seqno, bytes.length),
                Unpooled.wrappedBuffer(bytes)));
    }

    private void fullWindowMsg() {
        msgOf(4096);
    }

    /** Half the window: the SEQ is due, but the peer could still send another such MSG, so it is not urgent. */
    private void halfWindowMsg() {
        msgOf(2048);
    }

    private void msgOf(int octets) {
        char[] body = new char[octets - 2];
        Arrays.fill(body, 'x');
        inbound(FrameType.MSG, 1, 0, "\r\n" + new String(body));
    }

    private static MessageHandler echo() {
        return (Message m, Responder r) -> r.reply(m.entity());
    }

    @Test
    @DisplayName("the SEQ for a MSG and the RPY answering it leave in one flush")
    void seqAndReplyInOneFlush() {
        start(echo(), false);
        fullWindowMsg();
        channel.runPendingTasks();
        assertEquals(List.of("SEQ 1", "RPY 1", "FLUSH"), wire);
    }

    @Test
    @DisplayName("with direct callbacks the reply is produced before the read's flush: SEQ and RPY in that flush")
    void directCallbacksReplyInTheReadsFlush() {
        start(echo(), true);
        fullWindowMsg();
        assertEquals(List.of("SEQ 1", "RPY 1", "FLUSH"), wire);
    }

    @Test
    @DisplayName("no flush carries a lone SEQ while the reply is produced within the bound")
    void noLoneSeqWhileTheReplyIsProduced() {
        start((m, r) -> held.set(r), false);
        halfWindowMsg();
        channel.advanceTimeBy(SEQ_DELAY.toNanos() / 2, TimeUnit.NANOSECONDS);
        channel.runPendingTasks();
        channel.runScheduledPendingTasks();
        assertTrue(wire.stream().noneMatch(w -> w.startsWith("SEQ")), "SEQ left alone: " + wire);
        held.get().reply(MimeEntity.of("late"));
        channel.runPendingTasks();
        assertEquals(List.of("SEQ 1", "RPY 1", "FLUSH"), wire);
    }

    @Test
    @DisplayName("a SEQ waits for a reply no longer than seqDelay: a handler that never answers cannot stall the peer")
    void seqLeavesAloneAfterTheBound() {
        start((m, r) -> held.set(r), false);
        halfWindowMsg();
        channel.advanceTimeBy(SEQ_DELAY.toNanos() + 1, TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();
        channel.runPendingTasks();
        assertEquals(List.of("SEQ 1", "FLUSH"), wire);
    }

    @Test
    @DisplayName("replies produced in one turn share one flush")
    void repliesOfOneTurnShareAFlush() {
        List<Responder> responders = new ArrayList<>();
        start((m, r) -> responders.add(r), false);
        inbound(FrameType.MSG, 1, 0, "\r\na");
        inbound(FrameType.MSG, 1, 1, "\r\nb");
        inbound(FrameType.MSG, 1, 2, "\r\nc");
        wire.clear();
        responders.forEach(r -> r.reply(MimeEntity.of("ok")));
        channel.runPendingTasks();
        assertEquals(List.of("RPY 1", "RPY 1", "RPY 1", "FLUSH"), wire);
    }

    @Test
    @DisplayName("contrast: with seqDelay zero the SEQ leaves alone at the end of the read, the reply in a second flush")
    void withoutDelayTheSeqLeavesAlone() {
        start((m, r) -> held.set(r), false, Duration.ZERO);
        halfWindowMsg();
        held.get().reply(MimeEntity.of("late"));
        channel.runPendingTasks();
        assertEquals(List.of("SEQ 1", "FLUSH", "RPY 1", "FLUSH"), wire);
    }

    @Test
    @DisplayName("the initiator's SEQ for a reply rides with its next MSG on the channel")
    void initiatorSeqRidesWithTheNextMsg() throws Exception {
        BeepSessionHandler handler = newSession(SessionRole.INITIATOR, echo(), false, SEQ_DELAY);
        channel = new EmbeddedChannel(new Recorder(), handler);
        channel.freezeTime();
        inbound(FrameType.RPY, 0, 0, "Content-Type: application/beep+xml\r\n\r\n<greeting/>");
        var started = handler.session().startChannel(ECHO);
        channel.runPendingTasks();
        inbound(FrameType.RPY, 0, 1, "Content-Type: application/beep+xml\r\n\r\n<profile uri='" + ECHO + "'/>");
        channel.runPendingTasks();
        var ch = started.get(1, TimeUnit.SECONDS);
        ch.send(MimeEntity.of("first")).thenRun(() -> ch.send(MimeEntity.of("second")));
        channel.runPendingTasks();
        wire.clear();
        char[] body = new char[4094];
        Arrays.fill(body, 'x');
        inbound(FrameType.RPY, 1, 0, "\r\n" + new String(body));
        channel.runPendingTasks();
        assertEquals(List.of("SEQ 1", "MSG 1", "FLUSH"), wire);
    }

    @Test
    @DisplayName("a SEQ is not held for our next MSG when that MSG waits for the peer's window: the peers would wait for each other")
    void seqLeavesAtOnceWhenOurOwnWindowIsExhausted() throws Exception {
        BeepSessionHandler handler = newSession(SessionRole.INITIATOR, echo(), false, SEQ_DELAY);
        channel = new EmbeddedChannel(new Recorder(), handler);
        channel.freezeTime();
        inbound(FrameType.RPY, 0, 0, "Content-Type: application/beep+xml\r\n\r\n<greeting/>");
        var started = handler.session().startChannel(ECHO);
        channel.runPendingTasks();
        inbound(FrameType.RPY, 0, 1, "Content-Type: application/beep+xml\r\n\r\n<profile uri='" + ECHO + "'/>");
        channel.runPendingTasks();
        var ch = started.get(1, TimeUnit.SECONDS);
        byte[] full = new byte[4094];
        ch.send(MimeEntity.of(full)); // fills the peer's 4096-octet window
        ch.send(MimeEntity.of(full)); // queued: waits for the peer's SEQ
        channel.runPendingTasks();
        wire.clear();
        char[] body = new char[4094];
        Arrays.fill(body, 'x');
        inbound(FrameType.RPY, 1, 0, "\r\n" + new String(body)); // the reply, but no SEQ from the peer
        channel.runPendingTasks();
        assertEquals(List.of("SEQ 1", "FLUSH"), wire);
    }

    @Test
    @DisplayName("an urgent SEQ (the peer's window would not take another MSG like its last) leaves at once, not held for the reply")
    void urgentSeqIsNotHeldForTheReply() {
        start((m, r) -> held.set(r), false);
        fullWindowMsg();
        assertEquals(List.of("SEQ 1", "FLUSH"), wire);
        wire.clear();
        held.get().reply(MimeEntity.of("late"));
        channel.runPendingTasks();
        assertEquals(List.of("RPY 1", "FLUSH"), wire);
    }

    /**
     * Sends {@code count} MSGs of {@code octets} each (msgno 0, 1, ...) in one read burst, as one socket read, after a
     * SEQ of the peer's that opens its window to all the replies.
     */
    private void burstOf(int count, int octets) {
        // The peer opens its window for all the replies first, so only the cuts decide what leaves when.
        channel.writeInbound(new Frame(FrameHeader.seq(1, 0, count * octets), Unpooled.EMPTY_BUFFER));
        channel.runPendingTasks();
        wire.clear();
        char[] body = new char[octets - 2];
        Arrays.fill(body, 'x');
        byte[] bytes = ("\r\n" + new String(body)).getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < count; i++) {
            channel.pipeline().fireChannelRead(new Frame(FrameHeader.data(FrameType.MSG, 1, i, false, seqnos[1],
                    bytes.length), Unpooled.wrappedBuffer(bytes)));
            seqnos[1] += bytes.length;
        }
        channel.pipeline().fireChannelReadComplete();
        channel.runPendingTasks();
    }

    /** How many RPYs left in each flush, in order. */
    private List<Integer> repliesPerFlush() {
        List<Integer> flushes = new ArrayList<>();
        int replies = 0;
        for (String w : wire) {
            if (w.equals("FLUSH")) {
                flushes.add(replies);
                replies = 0;
            } else if (w.startsWith("RPY")) {
                replies++;
            }
        }
        assertEquals(0, replies, "replies written but never flushed: " + wire);
        return flushes;
    }

    @Test
    @DisplayName("a long read burst is cut: the replies to its first 8 KiB leave before the rest is read, then those to 16 KiB more")
    void longReadBurstIsFlushedInSlices() {
        window = 65536;
        start(echo(), true);
        burstOf(32, 1024);
        assertEquals(List.of(8, 16, 8), repliesPerFlush(), "replies per flush: " + wire);
    }

    @Test
    @DisplayName("off the loop a long burst's callbacks go in slices too: each slice's replies in a flush of their own")
    void longReadBurstOffTheLoopIsHandedOverInSlices() {
        window = 65536;
        start(echo(), false);
        burstOf(32, 1024);
        assertEquals(List.of(8, 16, 8), repliesPerFlush(), "replies per flush: " + wire);
    }

    @Test
    @DisplayName("a burst shorter than the first slice still leaves in one flush")
    void shortReadBurstLeavesInOneFlush() {
        window = 65536;
        start(echo(), true);
        burstOf(7, 1024);
        assertEquals(List.of(7), repliesPerFlush(), "replies per flush: " + wire);
    }

    @Test
    @DisplayName("with Nagle's algorithm on a long burst is not flushed before its end: a small tail would wait for an ACK")
    void withNagleALongBurstLeavesInOneFlush() {
        window = 65536;
        nagle = true;
        start(echo(), true);
        burstOf(32, 1024);
        assertEquals(List.of(32), repliesPerFlush(), "replies per flush: " + wire);
    }
}
