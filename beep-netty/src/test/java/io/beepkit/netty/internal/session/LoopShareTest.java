package io.beepkit.netty.internal.session;

import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.SessionConfig;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionRole;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
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
 * The event loop's share of channel-0 requests per pass ({@link LoopShare}), counted across its sessions. Two
 * embedded channels have two loops, so what other sessions of the same loop handled is counted here by the test on
 * the session's own embedded loop; a later pass is the clock moved on by a tick, which runs the scheduled clearing
 * and the session's resume.
 */
class LoopShareTest {
    private static final String ECHO = "urn:test:echo";
    private static final int SHARE = 4;
    private final List<EmbeddedChannel> channels = new ArrayList<>();
    /** The msgnos of the channel-0 replies the session sent, in order. */
    private final List<Integer> replies = new ArrayList<>();
    private long seqno0;

    @AfterEach
    void close() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    @Test
    @DisplayName("requests are counted per loop and pass: the clearing runs once the pass is over, and another loop counts apart")
    void countsPerLoopAndPass() {
        EmbeddedChannel one = embedded();
        EmbeddedChannel two = embedded();
        LoopShare share = LoopShare.current();
        assertEquals(1, share.requestHandled(one.eventLoop()));
        assertEquals(2, share.requestHandled(one.eventLoop()));
        nextPass(one);
        assertEquals(0, share.requests(), "the pass ended and its count stayed");
        assertEquals(1, share.requestHandled(one.eventLoop()));
        assertEquals(1, share.requestHandled(two.eventLoop()), "another loop's count started from this loop's");
    }

    @Test
    @DisplayName("a session yields after one start once the loop handled a share in this pass, and gets a full share in the next")
    void sessionYieldsOnceTheLoopsShareIsSpent() {
        EmbeddedChannel ch = listener();
        for (int i = 0; i < SHARE; i++) {
            LoopShare.current().requestHandled(ch.eventLoop()); // other sessions of this loop, this pass
        }
        StringBuilder burst = new StringBuilder();
        for (int i = 0; i < 3 * SHARE; i++) {
            burst.append(start(i + 1, 2 * i + 1));
        }
        read(ch, burst.toString());
        assertEquals(List.of(1), replies, "starts handled in a pass whose share others used");
        assertFalse(ch.config().isAutoRead(), "the socket is still read while the session waits for its next turn");
        nextPass(ch);
        assertEquals(1 + SHARE, replies.size(), "starts handled in the next pass: " + replies);
        nextPass(ch);
        nextPass(ch);
        List<Integer> inOrder = new ArrayList<>();
        for (int i = 1; i <= 3 * SHARE; i++) {
            inOrder.add(i);
        }
        assertEquals(inOrder, replies, "every start answered, in order");
        nextPass(ch);
        assertTrue(ch.config().isAutoRead(), "the socket is not read again once the burst is handled");
    }

    private EmbeddedChannel embedded() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.freezeTime();
        channels.add(ch);
        return ch;
    }

    /** A listener session, greeted, with the real frame decoder in front and every callback on the loop. */
    private EmbeddedChannel listener() {
        SessionConfig config = SessionConfig.builder().limits(SessionLimits.builder().maxStartsPerTurn(SHARE).build())
                .build();
        ProfileRegistry registry = new ProfileRegistry().register(ECHO, (MessageHandler) (Message m, Responder r)
                -> r.reply(m.entity()));
        BeepSessionHandler session = new BeepSessionHandler(SessionRole.LISTENER, config, registry, s -> { },
                null, SecurityEndpoint.NONE, new CallbackSetup(Runnable::run, true), null, 0);
        EmbeddedChannel ch = new EmbeddedChannel(new Recorder(),
                new BeepFrameDecoder(BeepFrameDecoder.frameLimit(config.flow().maxWindow()), session.frameLimits()), session);
        channels.add(ch);
        ch.freezeTime();
        read(ch, frame("RPY", 0, mgmt("<greeting/>")));
        ch.runPendingTasks();
        nextPass(ch);
        replies.clear();
        return ch;
    }

    private static void nextPass(EmbeddedChannel ch) {
        ch.advanceTimeBy(ReadTurn.RESUME_DELAY_NANOS, TimeUnit.NANOSECONDS);
        ch.runScheduledPendingTasks();
    }

    private String start(int msgno, int number) {
        return frame("MSG", msgno, mgmt("<start number='" + number + "'><profile uri='" + ECHO + "'/></start>"));
    }

    private static String mgmt(String xml) {
        return "Content-Type: application/beep+xml\r\n\r\n" + xml;
    }

    private String frame(String type, int msgno, String payload) {
        String f = type + " 0 " + msgno + " . " + seqno0 + " " + payload.length() + "\r\n" + payload + "END\r\n";
        seqno0 += payload.length();
        return f;
    }

    private static void read(EmbeddedChannel ch, String octets) {
        ch.pipeline().fireChannelRead(Unpooled.copiedBuffer(octets, StandardCharsets.US_ASCII));
        ch.pipeline().fireChannelReadComplete();
    }

    /** Writes down the msgno of each reply on channel 0 and releases every frame. */
    private final class Recorder extends ChannelOutboundHandlerAdapter {
        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof Frame f) {
                FrameHeader h = f.header();
                if (h.channel() == 0 && h.msgno() > 0 && h.type() != FrameType.MSG) {
                    replies.add(h.msgno());
                }
                f.release();
            }
            promise.trySuccess();
        }
    }
}
