package io.beepkit.netty.internal.session;

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
import io.beepkit.netty.internal.codec.BeepFrameEncoder;
import io.beepkit.netty.internal.codec.Frame;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A channel that was idle takes the first turn when the socket is writable again: an interactive reply leaves before
 * the next frame of a bulk reply that was queued first, checked on an {@link EmbeddedChannel} whose small write-buffer
 * water marks make the socket unwritable while the bulk reply is in progress.
 */
class IdleChannelFirstTest {
    private static final String BULK = "urn:test:bulk";
    private static final String ECHO = "urn:test:echo";
    private static final int BULK_REPLY = 256 * 1024;

    private EmbeddedChannel channel;
    private final FlushGate gate = new FlushGate();

    /** Holds flushes back while closed, so written frames stay in the channel's write buffer (unwritable). */
    private static final class FlushGate extends ChannelOutboundHandlerAdapter {
        boolean open = true;

        @Override
        public void flush(ChannelHandlerContext ctx) {
            if (open) {
                ctx.flush();
            }
        }
    }
    private final long[] seqnos = new long[4];
    private int zeroMsgno = 1;

    @AfterEach
    void close() {
        if (channel != null) {
            channel.finishAndReleaseAll();
        }
    }

    @Test
    void anInteractiveReplyOvertakesTheRestOfABulkReply() {
        MessageHandler bulk = (Message m, Responder r) -> r.reply(MimeEntity.of(new byte[BULK_REPLY]));
        MessageHandler echo = (Message m, Responder r) -> r.reply(m.entity());
        SessionConfig config = SessionConfig.builder().tuning(SocketTuning.DEFAULT).build();
        CallbackSetup callbacks = new CallbackSetup(Runnable::run, true);
        ProfileRegistry registry = new ProfileRegistry().register(BULK, bulk).register(ECHO, echo);
        BeepSessionHandler session = new BeepSessionHandler(SessionRole.LISTENER, config, registry, s -> { }, null,
                SecurityEndpoint.NONE, callbacks, null, 0);
        channel = new EmbeddedChannel();
        channel.config().setWriteBufferWaterMark(new WriteBufferWaterMark(4 * 1024, 8 * 1024));
        channel.pipeline().addLast(gate, BeepFrameEncoder.INSTANCE, session);
        inbound(FrameType.RPY, 0, 0, "Content-Type: application/beep+xml\r\n\r\n<greeting/>");
        start(1, BULK);
        start(3, ECHO);
        // The peer grants channel 1 a window large enough for the whole bulk reply: only writability limits it.
        channel.writeInbound(new Frame(FrameHeader.seq(1, 0, 1024 * 1024), Unpooled.EMPTY_BUFFER));
        drainOutbound();
        gate.open = false; // the socket takes nothing more for now: what is written stays in the write buffer
        inbound(FrameType.MSG, 1, 0, "\r\nbulk");
        assertFalse(channel.isWritable(), "the bulk reply filled the write buffer");
        inbound(FrameType.MSG, 3, 0, "\r\nping");
        gate.open = true;
        List<String> frames = drainOutbound();
        int echoAt = frames.indexOf("RPY 3");
        assertTrue(echoAt >= 0, "the echo reply left: " + frames);
        // Only the bulk frame written before the echo arrived, still in the write buffer, goes ahead of it; a plain
        // round robin would also send the bulk channel's next frame first.
        long bulkAhead = frames.subList(0, echoAt).stream().filter("RPY 1"::equals).count();
        assertTrue(bulkAhead <= 1, bulkAhead + " bulk frames ahead of the echo: " + frames);
        assertTrue(frames.stream().filter("RPY 1"::equals).count() > BULK_REPLY / (64 * 1024),
                "the whole bulk reply left after it (64 KiB frames): " + frames);
    }

    private void start(int number, String uri) {
        inbound(FrameType.MSG, 0, zeroMsgno++, "Content-Type: application/beep+xml\r\n\r\n<start number='" + number
                + "'><profile uri='" + uri + "'/></start>");
        channel.runPendingTasks();
    }

    private void inbound(FrameType type, int ch, int msgno, String payload) {
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        long seqno = seqnos[ch];
        seqnos[ch] += bytes.length;
        channel.writeInbound(new Frame(FrameHeader.data(type, ch, msgno, false, seqno, bytes.length),
                Unpooled.wrappedBuffer(bytes)));
    }

    /** What has been flushed so far, without running tasks or flushing. */
    private String readFlushed() {
        StringBuilder out = new StringBuilder();
        ByteBuf b;
        while ((b = channel.readOutbound()) != null) {
            out.append(b.toString(StandardCharsets.ISO_8859_1));
            b.release();
        }
        return out.toString();
    }

    /** Flushes and reads everything written, as "TYPE channel" per frame, releasing the buffers. */
    private List<String> drainOutbound() {
        StringBuilder wire = new StringBuilder();
        for (int round = 0; round < 1000; round++) {
            channel.runPendingTasks();
            channel.flushOutbound();
            String more = readFlushed();
            if (more.isEmpty()) {
                break;
            }
            wire.append(more);
        }
        return frames(wire.toString());
    }

    /** The data frame headers in {@code wire}, as "TYPE channel" (payloads hold no CRLF but the echo's own). */
    private static List<String> frames(String wire) {
        List<String> frames = new ArrayList<>();
        for (String line : wire.split("\r\n")) {
            String[] parts = line.split(" ");
            if (parts.length >= 5 && (parts[0].equals("RPY") || parts[0].equals("MSG"))) {
                frames.add(parts[0] + " " + parts[1]);
            }
        }
        return frames;
    }
}
