package io.beepkit.netty.internal.session;

import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.SessionConfig;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionRole;
import io.beepkit.api.WindowTooSmallException;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.internal.codec.BeepFrameEncoder;
import io.beepkit.netty.internal.codec.Frame;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whole-frame sending and the window-open event, on an {@link EmbeddedChannel} where the test plays the peer: it
 * never sends a SEQ until the test says so, so the channel keeps the RFC's 4096-octet window and every wait is
 * visible. A whole-frame message or answer waits (nothing written) until a SEQ opens the window for all of it, then
 * leaves in one frame; one larger than the peer's window fails at once naming the sizes.
 */
class WholeFrameSendTest {
    private static final String PROFILE = "urn:test:whole";

    private EmbeddedChannel wire;
    private BeepChannel channel;
    private final AtomicReference<Responder> responder = new AtomicReference<>();
    private final long[] seqnos = new long[2];
    private int zeroMsgno = 1;

    @BeforeEach
    void open() {
        AtomicReference<BeepChannel> opened = new AtomicReference<>();
        MessageHandler handler = new MessageHandler() {
            @Override
            public void onOpen(BeepChannel ch) {
                opened.set(ch);
            }

            @Override
            public void onMessage(Message message, Responder r) {
                responder.set(r);
            }
        };
        SessionConfig config = SessionConfig.builder().tuning(SocketTuning.DEFAULT).build();
        BeepSessionHandler session = new BeepSessionHandler(SessionRole.LISTENER, config,
                new ProfileRegistry().register(PROFILE, handler), s -> { }, null, SecurityEndpoint.NONE,
                new CallbackSetup(Runnable::run, true), null, 0);
        wire = new EmbeddedChannel();
        wire.pipeline().addLast(BeepFrameEncoder.INSTANCE, session);
        inbound(FrameType.RPY, 0, 0, "Content-Type: application/beep+xml\r\n\r\n<greeting/>");
        inbound(FrameType.MSG, 0, zeroMsgno++, "Content-Type: application/beep+xml\r\n\r\n<start number='1'>"
                + "<profile uri='" + PROFILE + "'/></start>");
        channel = opened.get();
        drain();
    }

    @AfterEach
    void close() {
        wire.finishAndReleaseAll();
    }

    @Test
    void aWholeFrameMessageWaitsForTheSeqThatOpensTheWindowForAllOfIt() {
        channel.send(MimeEntity.of(new byte[1998])); // 2000 octets: 2096 of the 4096 stay open
        assertEquals(List.of("MSG 1 0 . 2000"), drain());
        CompletableFuture<Reply> whole = channel.sendInOneFrame(MimeEntity.of(new byte[2998]));
        assertEquals(List.of(), drain(), "3000 octets do not fit the 2096 open: nothing leaves, not even a piece");
        seq(1, 500, 4096); // opens 2596
        assertEquals(List.of(), drain(), "still short");
        seq(1, 2000, 4096);
        assertEquals(List.of("MSG 1 1 . 3000"), drain(), "the SEQ sent it, whole");
        assertFalse(whole.isDone());
    }

    @Test
    void aMessageLargerThanThePeersWindowFailsAtOnceNamingTheSizes() {
        CompletableFuture<Reply> f = channel.sendInOneFrame(MimeEntity.of(new byte[5000]));
        assertEquals(List.of(), drain(), "nothing was sent");
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(5, TimeUnit.SECONDS));
        WindowTooSmallException tooLarge = assertInstanceOf(WindowTooSmallException.class, e.getCause());
        assertEquals(5002, tooLarge.octets());
        assertEquals(4096, tooLarge.peerWindow());
        assertTrue(tooLarge.getMessage().contains("5002 octets") && tooLarge.getMessage().contains("4096"),
                tooLarge.getMessage());
        channel.sendInOneFrame(MimeEntity.of(new byte[98]));
        assertEquals(List.of("MSG 1 0 . 100"), drain(), "the failure took no msgno");
    }

    @Test
    void theWindowOpenEventCompletesOnTheSeqThatOpensEnough() {
        assertTrue(channel.whenWindowOpen(4096).isDone(), "open now: completes at once");
        channel.send(MimeEntity.of(new byte[3998]));
        drain();
        CompletableFuture<Void> opened = channel.whenWindowOpen(3000);
        assertFalse(opened.isDone());
        seq(1, 1000, 4096); // 1098 + 1000 open
        assertFalse(opened.isDone(), "2098 open is not enough");
        seq(1, 4000, 4096);
        assertTrue(opened.isDone() && !opened.isCompletedExceptionally(), "4096 open");
    }

    @Test
    void theWindowOpenEventFailsWhenItCanNeverComeOrTheChannelCloses() {
        ExecutionException tooLarge = assertThrows(ExecutionException.class, () -> channel.whenWindowOpen(5000).get());
        assertInstanceOf(WindowTooSmallException.class, tooLarge.getCause());
        channel.send(MimeEntity.of(new byte[3998]));
        drain();
        CompletableFuture<Void> opened = channel.whenWindowOpen(1000);
        wire.close();
        ExecutionException closed = assertThrows(ExecutionException.class, () -> opened.get(5, TimeUnit.SECONDS));
        assertFalse(closed.getCause() instanceof WindowTooSmallException, closed.getCause().toString());
    }

    @Test
    void aWholeFrameAnswerWaitsInReplyOrderAndReportsItsFrameWritten() {
        inbound(FrameType.MSG, 1, 0, "\r\nsend me lines");
        Responder r = responder.get();
        CompletableFuture<Void> first = r.answerInOneFrame(MimeEntity.of(new byte[2998]));
        CompletableFuture<Void> second = r.answerInOneFrame(MimeEntity.of(new byte[1998]));
        assertEquals(List.of("ANS 1 0 . 3000"), drain());
        assertTrue(first.isDone());
        assertFalse(second.isDone(), "waits for the window");
        seq(1, 3000, 4096);
        assertEquals(List.of("ANS 1 0 . 2000"), drain());
        assertTrue(second.isDone() && !second.isCompletedExceptionally());
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> r.answerInOneFrame(MimeEntity.of(new byte[9000])).get());
        assertInstanceOf(WindowTooSmallException.class, e.getCause());
        CompletableFuture<Void> unsent = r.answerInOneFrame(MimeEntity.of(new byte[3998]));
        drain();
        wire.close();
        ExecutionException closed = assertThrows(ExecutionException.class, () -> unsent.get(5, TimeUnit.SECONDS));
        assertTrue(closed.getCause() instanceof ChannelClosedException
                || closed.getCause() instanceof SessionClosedException, closed.getCause().toString());
    }

    private void seq(int ch, long ackno, int window) {
        wire.writeInbound(new Frame(FrameHeader.seq(ch, ackno, window), Unpooled.EMPTY_BUFFER));
    }

    private void inbound(FrameType type, int ch, int msgno, String payload) {
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        long seqno = seqnos[ch];
        seqnos[ch] += bytes.length;
        wire.writeInbound(new Frame(FrameHeader.data(type, ch, msgno, false, seqno, bytes.length),
                Unpooled.wrappedBuffer(bytes)));
        wire.runPendingTasks();
    }

    /** The data frames on channel 1 written since the last call, as "TYPE ch msgno more size". */
    private List<String> drain() {
        wire.runPendingTasks();
        wire.flushOutbound();
        StringBuilder out = new StringBuilder();
        ByteBuf b;
        while ((b = wire.readOutbound()) != null) {
            out.append(b.toString(StandardCharsets.ISO_8859_1));
            b.release();
        }
        List<String> frames = new ArrayList<>();
        String s = out.toString();
        int at = 0;
        while (at < s.length()) {
            int eol = s.indexOf("\r\n", at);
            String[] h = s.substring(at, eol).split(" ");
            at = eol + 2;
            if (h[0].equals("SEQ")) {
                continue;
            }
            int size = Integer.parseInt(h[5]);
            at += size + "END\r\n".length();
            if (h[1].equals("1")) {
                frames.add(h[0] + " " + h[1] + " " + h[2] + " " + h[3] + " " + h[5]);
            }
        }
        return frames;
    }
}
