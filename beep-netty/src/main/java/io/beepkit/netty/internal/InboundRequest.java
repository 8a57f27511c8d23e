package io.beepkit.netty.internal;

import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.core.mime.MimeCodec;
import io.netty.buffer.Unpooled;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A MSG from the peer that awaits our reply. Its {@link Responder} side may be called from any thread; what it
 * produces waits here until every earlier MSG on the channel has been answered (RFC 3080 §2.6.1).
 */
final class InboundRequest implements Responder {
    private static final int NONE = 0;
    private static final int ANSWERING = 1;
    private static final int DONE = 2;

    final BeepChannelImpl channel;
    final int msgno;
    Assembly assembly;
    boolean discarding;
    /** True while the frames of a MSG delivered in chunks are still arriving. */
    boolean streamOpen;
    /** True once its replies left the channel's reply order (all produced and queued). */
    boolean drained;

    /** True while frames of the MSG itself are still expected (it may already be answered, RFC 3080 §2.6.3). */
    boolean receiving() {
        return assembly != null || discarding || streamOpen;
    }
    /** Replies produced but not yet handed to the channel's outbound queue. Event loop only. */
    final ArrayDeque<OutboundMessage> produced = new ArrayDeque<>(2);
    /** True once the final reply (RPY, ERR or NUL) is produced. Event loop only. */
    boolean ended;
    private final AtomicInteger state = new AtomicInteger(NONE);
    private long nextAnsno;

    InboundRequest(BeepChannelImpl channel, int msgno) {
        this.channel = channel;
        this.msgno = msgno;
    }

    @Override
    public int msgno() {
        return msgno;
    }

    @Override
    public void reply(MimeEntity entity) {
        finish("reply");
        byte[] payload = MimeCodec.encode(entity);
        channel.sessionHandler().onLoop(() -> produce(FrameType.RPY, payload, true));
    }

    @Override
    public void error(int code, String diagnostic) {
        finish("error");
        byte[] payload = errorPayload(code, diagnostic);
        channel.sessionHandler().onLoop(() -> produce(FrameType.ERR, payload, true));
    }

    @Override
    public void answer(MimeEntity entity) {
        int s = state.get();
        if (s == DONE || (s == NONE && !state.compareAndSet(NONE, ANSWERING))) {
            throw new IllegalStateException("msgno " + msgno + " on channel " + channel.number() + " is already answered");
        }
        byte[] payload = MimeCodec.encode(entity);
        channel.sessionHandler().onLoop(() -> produce(FrameType.ANS, payload, false));
    }

    @Override
    public void endAnswers() {
        if (!state.compareAndSet(ANSWERING, DONE) && !state.compareAndSet(NONE, DONE)) {
            throw new IllegalStateException("msgno " + msgno + " on channel " + channel.number() + " is already answered");
        }
        channel.sessionHandler().onLoop(() -> produce(FrameType.NUL, new byte[0], true));
    }

    /** True once any final reply was requested (from any thread). */
    boolean answered() {
        return state.get() == DONE;
    }

    private void finish(String what) {
        if (!state.compareAndSet(NONE, DONE)) {
            throw new IllegalStateException("cannot " + what + ": msgno " + msgno + " on channel " + channel.number()
                    + " is already answered or answering");
        }
    }

    /** Called on the event loop by the session itself (channel 0, refusals). */
    void replyNow(FrameType type, byte[] payload) {
        replyNow(type, payload, null);
    }

    /** As {@link #replyNow(FrameType, byte[])}, running {@code onWritten} once the reply's last frame is written. */
    void replyNow(FrameType type, byte[] payload, Runnable onWritten) {
        state.set(DONE);
        produce(type, payload, true, onWritten);
    }

    private void produce(FrameType type, byte[] payload, boolean last) {
        produce(type, payload, last, null);
    }

    private void produce(FrameType type, byte[] payload, boolean last, Runnable onWritten) {
        if (channel.isGone()) {
            return; // the session or channel ended: nobody to send to
        }
        long ansno = type == FrameType.ANS ? nextAnsno++ : -1;
        channel.replyBacklog += payload.length; // written down as the frames leave (BeepSessionHandler.replyWritten)
        OutboundMessage m = new OutboundMessage(type, msgno, ansno, Unpooled.wrappedBuffer(payload));
        m.onWritten = onWritten;
        produced.add(m);
        if (last) {
            ended = true;
        }
        channel.drainReplies();
    }

    static byte[] errorPayload(int code, String diagnostic) {
        String xml = ManagementCodec.write(new ManagementMessage.Error(code, diagnostic));
        return ("Content-Type: " + MimeEntity.BEEP_XML + "\r\n\r\n" + xml).getBytes(StandardCharsets.UTF_8);
    }

    void releaseAll() {
        if (assembly != null) {
            assembly.release();
            assembly = null;
        }
        produced.forEach(OutboundMessage::release);
        produced.clear();
    }
}
