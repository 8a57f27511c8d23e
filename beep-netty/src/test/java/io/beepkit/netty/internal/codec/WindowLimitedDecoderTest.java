package io.beepkit.netty.internal.codec;

import io.beepkit.api.BeepProtocolException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The decoder asks its {@link FrameLimits} when each data frame's header arrives: a frame declaring more than the
 * limit fails at once, with only its header received, and the limit is asked after the session has seen every earlier
 * frame, even when several frames arrive in one read. While the session accepts no frames (its memory budget), data
 * frames wait undecoded until it resumes, and the socket is not read meanwhile.
 */
class WindowLimitedDecoderTest {
    private static final int GLOBAL = 1 << 20;

    private final List<EmbeddedChannel> channels = new ArrayList<>();

    @AfterEach
    void closeChannels() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    private EmbeddedChannel channel(FrameLimits limits, io.netty.channel.ChannelHandler... after) {
        EmbeddedChannel ch = new EmbeddedChannel(new BeepFrameDecoder(GLOBAL, limits));
        ch.pipeline().addLast(after);
        channels.add(ch);
        return ch;
    }

    private static ByteBuf ascii(EmbeddedChannel ch, String s) {
        return ch.alloc().buffer().writeBytes(s.getBytes(StandardCharsets.US_ASCII));
    }

    private static BeepProtocolException assertRefused(EmbeddedChannel ch, String octets) {
        DecoderException e = assertThrows(DecoderException.class, () -> ch.writeInbound(ascii(ch, octets)));
        return assertInstanceOf(BeepProtocolException.class, e.getCause());
    }

    @Test
    @DisplayName("a header declaring more than channel 0's 4096 octets fails before any payload arrives")
    void headerOverTheWindowFailsAtOnce() {
        EmbeddedChannel ch = channel(c -> c == 0 ? 4096 : 0);
        BeepProtocolException e = assertRefused(ch, "RPY 0 0 . 0 1048576\r\n");
        assertEquals("frame of 1048576 octets on channel 0 exceeds the 4096 octets its receive window leaves open: "
                + "RPY 0 0 . 0 1048576", e.getMessage());
        assertNull(ch.readInbound());
    }

    @Test
    @DisplayName("a frame of exactly the open window passes; one octet more fails")
    void exactWindowPasses() {
        EmbeddedChannel ch = channel(c -> 5);
        ch.writeInbound(ascii(ch, "MSG 1 0 . 0 5\r\nhelloEND\r\n"));
        Frame f = ch.readInbound();
        assertEquals(5, f.payload().readableBytes());
        f.release();
        BeepProtocolException e = assertRefused(ch, "MSG 1 1 . 5 6\r\n");
        assertTrue(e.getMessage().contains("6 octets on channel 1 exceeds the 5 octets"), e.getMessage());
    }

    @Test
    @DisplayName("the session hears of a data frame's header before its payload has arrived, once per frame")
    void headerArrivalIsReportedBeforeThePayload() {
        List<String> heard = new ArrayList<>();
        EmbeddedChannel ch = channel(new FrameLimits() {
            @Override
            public long maxPayload(int channel) {
                return 4096;
            }

            @Override
            public void headerArrived(int channel, int size) {
                heard.add(channel + ":" + size);
            }
        });
        ch.writeInbound(ascii(ch, "MSG 3 0 . 0 5\r\nhe"));
        assertEquals(List.of("3:5"), heard);
        assertNull(ch.readInbound());
        ch.writeInbound(ascii(ch, "lloEND\r\nSEQ 3 5 4096\r\n"));
        ch.<Frame>readInbound().release();
        ch.<Frame>readInbound().release();
        assertEquals(List.of("3:5"), heard, "a SEQ is not a data frame");
    }

    @Test
    @DisplayName("the global limit is checked first, and a SEQ is never limited")
    void globalLimitFirstAndSeqUnlimited() {
        EmbeddedChannel ch = channel(c -> 0);
        ch.writeInbound(ascii(ch, "SEQ 1 0 2147483647\r\n"));
        Frame seq = ch.readInbound();
        seq.release();
        BeepProtocolException e = assertRefused(ch, "MSG 1 0 . 0 " + (GLOBAL + 1) + "\r\n");
        assertTrue(e.getMessage().contains("exceeds the limit of " + GLOBAL), e.getMessage());
    }

    @Test
    @DisplayName("frames arriving in one read are checked one at a time, after the session saw the earlier ones")
    void limitReflectsEarlierFramesOfTheSameRead() {
        long[] open = {10};
        ChannelInboundHandlerAdapter session = new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                Frame f = (Frame) msg;
                open[0] -= f.header().size(); // as the receive window does
                f.release();
            }
        };
        EmbeddedChannel ch = channel(c -> open[0], session);
        BeepProtocolException e = assertRefused(ch, "MSG 1 0 . 0 6\r\n123456END\r\nMSG 1 1 . 6 6\r\n123456END\r\n");
        assertTrue(e.getMessage().contains("6 octets on channel 1 exceeds the 4 octets"), e.getMessage());
    }

    @Test
    @DisplayName("while the session accepts no frames, data frames wait undecoded, SEQs pass, and resuming decodes them")
    void pausedDecoderHoldsDataFramesUntilResumed() {
        boolean[] accepting = {false};
        Runnable[] resume = new Runnable[1];
        EmbeddedChannel ch = channel(new FrameLimits() {
            @Override
            public long maxPayload(int channel) {
                return 4096;
            }

            @Override
            public boolean acceptingFrames() {
                return accepting[0];
            }

            @Override
            public void onResume(Runnable decodeHeld) {
                resume[0] = decodeHeld;
            }
        });
        ch.writeInbound(ascii(ch, "SEQ 1 0 4096\r\nMSG 1 0 . 0 5\r\nhelloEND\r\nSEQ 1 0 8192\r\n"));
        Frame seq = ch.readInbound();
        assertEquals("SEQ 1 0 4096", seq.header().toString());
        seq.release();
        assertNull(ch.readInbound(), "a data frame passed while paused");
        accepting[0] = true;
        resume[0].run();
        Frame msg = ch.readInbound();
        assertEquals("MSG 1 0 . 0 5", msg.header().toString());
        msg.release();
        Frame second = ch.readInbound();
        assertEquals("SEQ 1 0 8192", second.header().toString());
        second.release();
    }

    @Test
    @DisplayName("while the session holds back, a read decoded into nothing asks the socket for no further read")
    void holdingBackAsksForNoRead() {
        boolean[] accepting = {true};
        boolean[] spent = {false};
        int[] reads = {0};
        Runnable[] resume = new Runnable[1];
        EmbeddedChannel ch = new EmbeddedChannel(new ChannelOutboundHandlerAdapter() {
            @Override
            public void read(ChannelHandlerContext ctx) {
                reads[0]++; // a read asked of the socket, by whichever handler after this one
                ctx.read();
            }
        }, new BeepFrameDecoder(GLOBAL, new FrameLimits() {
            @Override
            public long maxPayload(int channel) {
                return 4096;
            }

            @Override
            public boolean acceptingFrames() {
                return accepting[0];
            }

            @Override
            public boolean turnSpent() {
                return spent[0];
            }

            @Override
            public void onResume(Runnable decodeHeld) {
                resume[0] = decodeHeld;
            }
        }));
        channels.add(ch);
        ch.config().setAutoRead(false); // as the session sets it while it holds back
        reads[0] = 0;

        ch.writeInbound(ascii(ch, "MSG 1 0 . 0 5\r\nhel"));
        assertEquals(1, reads[0], "half a frame, the session reading: Netty's decoder asks for the rest");
        ch.writeInbound(ascii(ch, "loEND\r\n"));
        ch.<Frame>readInbound().release();

        accepting[0] = false;
        ch.writeInbound(ascii(ch, "MSG 1 1 . 5 5\r\nhelloEND\r\n"));
        resume[0].run(); // a turn resumed while the session is still over its budget
        assertNull(ch.readInbound(), "a data frame passed while paused");
        assertEquals(1, reads[0], "the socket was read while the session was over its memory budget");

        accepting[0] = true;
        spent[0] = true;
        resume[0].run();
        ch.writeInbound(ascii(ch, "MSG 1 2 . 10 5\r\nhelloEND\r\n"));
        assertNull(ch.readInbound(), "a frame was decoded after the share of the turn was used");
        assertEquals(1, reads[0], "the socket was read while the session waited for its next turn");

        spent[0] = false;
        resume[0].run();
        for (int msgno = 1; msgno <= 2; msgno++) {
            Frame f = ch.readInbound();
            assertEquals(msgno, f.header().msgno(), "frames out of order");
            f.release();
        }
    }

    @Test
    @DisplayName("what arrives in many reads while paused is held in order and decoded whole once the session resumes")
    void manyReadsWhilePausedAreHeldInOrder() {
        boolean[] accepting = {false};
        Runnable[] resume = new Runnable[1];
        EmbeddedChannel ch = channel(new FrameLimits() {
            @Override
            public long maxPayload(int channel) {
                return 4096;
            }

            @Override
            public boolean acceptingFrames() {
                return accepting[0];
            }

            @Override
            public void onResume(Runnable decodeHeld) {
                resume[0] = decodeHeld;
            }
        });
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            all.append("MSG 1 ").append(i).append(" . ").append(i * 5L).append(" 5\r\nhelloEND\r\n");
        }
        String octets = all.toString();
        for (int at = 0; at < octets.length(); at += 97) { // reads that cut frames anywhere
            ch.writeInbound(ascii(ch, octets.substring(at, Math.min(octets.length(), at + 97))));
        }
        assertNull(ch.readInbound(), "a data frame passed while paused");
        accepting[0] = true;
        resume[0].run();
        for (int i = 0; i < 200; i++) {
            Frame f = ch.readInbound();
            assertEquals(i, f.header().msgno(), "frames lost or out of order");
            assertEquals("hello", f.payload().toString(StandardCharsets.US_ASCII));
            f.release();
        }
        assertNull(ch.readInbound());
    }
}
