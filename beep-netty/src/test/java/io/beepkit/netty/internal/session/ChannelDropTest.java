package io.beepkit.netty.internal.session;

import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.SessionConfig;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionRole;
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
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The channels of an ended session are dropped a slice per event-loop turn ({@link ChannelDrop}): a listener session
 * on an {@link EmbeddedChannel} with the real frame decoder opens more channels than a slice, its connection closes,
 * and the handlers hear of their channels' close a slice per turn, in order, the session's close last; a slice counts
 * for the loop's pass, whichever sessions dropped it. A later turn is the clock moved on by a tick, which runs the
 * next slice and clears the loop's count.
 */
class ChannelDropTest {
    private static final String ECHO = "urn:test:echo";
    private static final int CHANNELS = 2 * ChannelDrop.SLICE + 10;
    private final List<Integer> closed = new ArrayList<>();
    private EmbeddedChannel ch;
    private long seqno0;

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    @Test
    @DisplayName("an ended session's channels are dropped a slice per turn, in order, and the session's close is told after the last")
    void channelsAreDroppedASlicePerTurn() {
        BeepSessionHandler session = listener();
        // In batches within channel 0's 4096-octet window, each read whole before the next is sent.
        for (int i = 0; i < CHANNELS; i++) {
            read(frame("MSG", i + 1, mgmt("<start number='" + (2 * i + 1) + "'><profile uri='" + ECHO
                    + "'/></start>")));
            if (i % 20 == 19) {
                nextTurn();
            }
        }
        nextTurn();
        assertEquals(CHANNELS, session.session().channels().size(), "channels open");

        // The connection is gone (EmbeddedChannel's own close would cancel the loop's scheduled tasks).
        ch.pipeline().fireChannelInactive();
        ch.runPendingTasks();
        // A slice counts channel 0 too, which has no handler to tell.
        assertSlices(1);
        assertTrue(session.session().channels().isEmpty(), "a dropped channel is still listed");
        assertFalse(session.session().closeFuture().isDone(), "the session's close came before its channels'");
        nextTurn();
        assertSlices(2);
        nextTurn();
        List<Integer> inOrder = new ArrayList<>();
        for (int i = 0; i < CHANNELS; i++) {
            inOrder.add(2 * i + 1);
        }
        assertEquals(inOrder, closed.stream().sorted().toList(), "every channel closed once");
        assertTrue(session.session().closeFuture().isDone(), "the session's close is not told");
    }

    @Test
    @DisplayName("a session ending in a pass whose slice other sessions of its loop dropped drops one channel, and a slice in the next pass")
    void endingSessionsShareTheLoopsSlice() {
        BeepSessionHandler session = listener();
        for (int i = 0; i < CHANNELS; i++) {
            read(frame("MSG", i + 1, mgmt("<start number='" + (2 * i + 1) + "'><profile uri='" + ECHO
                    + "'/></start>")));
            if (i % 20 == 19) {
                nextTurn();
            }
        }
        nextTurn();
        for (int i = 0; i < ChannelDrop.SLICE; i++) {
            LoopShare.current().channelDropped(ch.eventLoop()); // other sessions of this loop ended in this pass
        }
        ch.pipeline().fireChannelInactive();
        ch.runPendingTasks();
        assertTrue(closed.size() <= 1, "channels dropped in a pass whose slice was used: " + closed.size());
        assertTrue(session.session().channels().isEmpty(), "a channel left to drop is still listed");
        nextTurn();
        assertTrue(closed.size() == ChannelDrop.SLICE || closed.size() == ChannelDrop.SLICE + 1,
                "channels dropped in the next pass: " + closed.size());
        nextTurn();
        nextTurn();
        assertEquals(CHANNELS, closed.size(), "every channel closed once");
        assertTrue(session.session().closeFuture().isDone(), "the session's close is not told");
    }

    private void assertSlices(int turns) {
        int most = turns * ChannelDrop.SLICE;
        assertTrue(closed.size() == most || closed.size() == most - 1,
                "channels closed in " + turns + " turns: " + closed.size() + ", slices of " + ChannelDrop.SLICE);
    }

    /** A listener session, greeted, every callback on the loop, writing down each channel's close. */
    private BeepSessionHandler listener() {
        SessionConfig config = SessionConfig.builder().limits(SessionLimits.builder().maxStartsPerTurn(CHANNELS)
                .maxStartsPerSecond(100_000).build()).build();
        ProfileRegistry registry = new ProfileRegistry().register(ECHO, new MessageHandler() {
            @Override
            public void onMessage(Message m, Responder r) {
                r.reply(m.entity());
            }

            @Override
            public void onClose(BeepChannel channel) {
                closed.add(channel.number());
            }
        });
        BeepSessionHandler session = new BeepSessionHandler(SessionRole.LISTENER, config, registry, s -> { },
                null, SecurityEndpoint.NONE, new CallbackSetup(Runnable::run, true), null, 0);
        ch = new EmbeddedChannel(new Releaser(),
                new BeepFrameDecoder(BeepFrameDecoder.frameLimit(config.flow().maxWindow()), session.frameLimits()), session);
        ch.freezeTime();
        read(frame("RPY", 0, mgmt("<greeting/>")));
        ch.runPendingTasks();
        return session;
    }

    private void nextTurn() {
        ch.advanceTimeBy(ReadTurn.RESUME_DELAY_NANOS, TimeUnit.NANOSECONDS);
        ch.runScheduledPendingTasks();
        ch.runPendingTasks();
    }

    private static String mgmt(String xml) {
        return "Content-Type: application/beep+xml\r\n\r\n" + xml;
    }

    private String frame(String type, int msgno, String payload) {
        String f = type + " 0 " + msgno + " . " + seqno0 + " " + payload.length() + "\r\n" + payload + "END\r\n";
        seqno0 += payload.length();
        return f;
    }

    private void read(String octets) {
        ch.pipeline().fireChannelRead(Unpooled.copiedBuffer(octets, StandardCharsets.US_ASCII));
        ch.pipeline().fireChannelReadComplete();
    }

    /** Releases every frame written. */
    private static final class Releaser extends ChannelOutboundHandlerAdapter {
        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof Frame f) {
                f.release();
            }
            promise.trySuccess();
        }
    }
}
