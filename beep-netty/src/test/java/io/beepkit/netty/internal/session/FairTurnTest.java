package io.beepkit.netty.internal.session;

import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionRole;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.internal.pipeline.PipelineInitializer;
import io.beepkit.netty.internal.codec.BeepFrameDecoder;
import io.beepkit.netty.internal.codec.Frame;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fair turns ({@link ReadTurn}), on two listener sessions on {@link EmbeddedChannel}s with the real frame decoder in
 * front: a read burst of more frames than {@code maxFramesPerTurn} is handled a share at a time, the socket is not
 * read meanwhile, and another session's frame is served between the shares. The event loop's turns are the test's
 * calls: a read is {@code fireChannelRead} + {@code fireChannelReadComplete}, and a later turn is the clock moved on
 * by a tick, which runs the session's scheduled resume.
 */
class FairTurnTest {
    private static final String ECHO = "urn:test:echo";
    private static final int SHARE = 4;
    private static final int BURST = 12;

    /** Everything the sessions answered, in order: "A 3" is session A's reply to its MSG 3. */
    private final List<String> served = new ArrayList<>();
    private final List<EmbeddedChannel> channels = new ArrayList<>();

    private final class Peer {
        final String name;
        final EmbeddedChannel channel;
        long seqno0;
        long seqno1;
        int msgno0 = 1;

        Peer(String name) {
            this.name = name;
            SessionConfig config = SessionConfig.builder().limits(SessionLimits.builder().maxFramesPerTurn(SHARE)
                    .build())
                    .build();
            CallbackSetup callbacks = new CallbackSetup(Runnable::run, true);
            ProfileRegistry registry = new ProfileRegistry().register(ECHO, (MessageHandler) (Message m, Responder r)
                    -> r.reply(m.entity()));
            BeepSessionHandler session = new BeepSessionHandler(SessionRole.LISTENER, config, registry, s -> { },
                    null, SecurityEndpoint.NONE, callbacks, null, 0);
            channel = new EmbeddedChannel(new Recorder(this),
                    new BeepFrameDecoder(BeepFrameDecoder.frameLimit(config.flow().maxWindow()),
                            session.frameLimits()), session);
            channels.add(channel);
            channel.freezeTime(); // a later turn is the test's advanceTimeBy: the resume is scheduled a tick ahead
            read(frame("RPY", 0, 0, mgmt("<greeting/>"))
                    + frame("MSG", 0, msgno0++, mgmt("<start number='1'><profile uri='" + ECHO + "'/></start>")));
            channel.runPendingTasks();
            served.clear();
        }

        String mgmt(String xml) {
            return "Content-Type: application/beep+xml\r\n\r\n" + xml;
        }

        String frame(String type, int ch, int msgno, String payload) {
            long seqno = ch == 0 ? seqno0 : seqno1;
            if (ch == 0) {
                seqno0 += payload.length();
            } else {
                seqno1 += payload.length();
            }
            return type + " " + ch + " " + msgno + " . " + seqno + " " + payload.length() + "\r\n" + payload + "END\r\n";
        }

        /** One socket read: everything in one buffer, then the end of the read. */
        void read(String octets) {
            channel.pipeline().fireChannelRead(Unpooled.copiedBuffer(octets, StandardCharsets.US_ASCII));
            channel.pipeline().fireChannelReadComplete();
        }

        String echoes(int from, int count) {
            StringBuilder b = new StringBuilder();
            for (int i = from; i < from + count; i++) {
                b.append(frame("MSG", 1, i, "\r\n" + i));
            }
            return b.toString();
        }

        long answered() {
            return served.stream().filter(s -> s.startsWith(name + " ")).count();
        }
    }

    /** Writes down the session's replies on channel 1 and releases every frame. */
    private final class Recorder extends ChannelOutboundHandlerAdapter {
        private final Peer peer;

        Recorder(Peer peer) {
            this.peer = peer;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof Frame f) {
                FrameHeader h = f.header();
                if (h.channel() == 1) {
                    served.add(peer.name + " " + h.msgno());
                }
                f.release();
            }
            promise.trySuccess();
        }
    }

    @AfterEach
    void close() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    @Test
    @DisplayName("a burst over the share is handled over several turns, with the socket not read and another session served between")
    void burstIsHandledOverSeveralTurns() {
        Peer a = new Peer("A");
        Peer b = new Peer("B");
        a.read(a.echoes(0, BURST));
        assertEquals(SHARE, a.answered(), "frames handled in the first turn: " + served);
        assertFalse(a.channel.config().isAutoRead(), "the socket is still read while the session waits its turn");

        b.read(b.echoes(0, 1));
        assertEquals(List.of("B 0"), served.subList(SHARE, served.size()), "the other session waited: " + served);

        int turns = 1;
        while (a.answered() < BURST && turns < 2 * BURST) {
            long before = a.answered();
            a.channel.advanceTimeBy(ReadTurn.RESUME_DELAY_NANOS, java.util.concurrent.TimeUnit.NANOSECONDS);
            a.channel.runScheduledPendingTasks();
            turns++;
            long now = a.answered();
            assertEquals(SHARE, now - before, "frames handled in a later turn");
        }
        assertEquals(BURST, a.answered(), served::toString);
        assertEquals(BURST / SHARE, turns);
        // The last frame used up the share too: the socket is read again from the next turn on.
        a.channel.advanceTimeBy(ReadTurn.RESUME_DELAY_NANOS, java.util.concurrent.TimeUnit.NANOSECONDS);
        a.channel.runScheduledPendingTasks();
        assertTrue(a.channel.config().isAutoRead(), "the socket is not read again once the burst is handled");
        List<String> inOrder = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            inOrder.add("A " + i);
        }
        assertEquals(inOrder, served.stream().filter(s -> s.startsWith("A ")).toList(), "replies out of MSG order");
    }
}
