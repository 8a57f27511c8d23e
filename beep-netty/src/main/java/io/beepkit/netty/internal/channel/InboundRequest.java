package io.beepkit.netty.internal.channel;

import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Responder;
import io.beepkit.api.WindowTooSmallException;
import io.beepkit.core.channel.ReplyOrder;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.mgmt.ManagementPayloads;
import io.beepkit.netty.internal.codec.MimePayloads;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A MSG from the peer that awaits our reply. Its {@link Responder} side may be called from any thread; what it
 * produces waits in the channel's reply order until every earlier MSG has been answered (RFC 3080 §2.6.1). Its
 * receive side (assembly, discarding, streaming) is written by the session's message receiver on the event loop.
 */
public final class InboundRequest implements Responder {
    private static final int NONE = 0;
    private static final int ANSWERING = 1;
    private static final int DONE = 2;

    private final ChannelImpl channel;
    private final int msgno;
    private final ReplyOrder.Slot<InboundRequest, OutboundMessage> slot;
    private final AtomicInteger state = new AtomicInteger(NONE);
    private Assembly assembly;
    private boolean discarding;
    private boolean streaming;
    private boolean delivered;
    private Runnable pendingCredit;
    private long nextAnsno;
    /** Answers and the NUL asked for and not produced yet, in the order asked (made by the first answer). */
    private ConcurrentLinkedQueue<Runnable> answerQueue;

    private InboundRequest(ChannelImpl channel, int msgno) {
        this.channel = channel;
        this.msgno = msgno;
        this.slot = channel.exchanges().replies().open(msgno, this);
    }

    /** Event loop: the peer's MSG {@code msgno} begins; it takes its place in the reply order. */
    public static InboundRequest open(ChannelImpl channel, int msgno) {
        return new InboundRequest(channel, msgno);
    }

    @Override
    public int msgno() {
        return msgno;
    }

    /** The channel it arrived on. */
    public ChannelImpl channel() {
        return channel;
    }

    // ------------------------------------------------------------------ receive side (event loop)

    /** True while frames of the MSG itself are still expected (it may already be answered, RFC 3080 §2.6.3). */
    public boolean receiving() {
        return assembly != null || discarding || streaming;
    }

    /** The assembly of a MSG delivered whole, or null. */
    public Assembly assembly() {
        return assembly;
    }

    /** Assembles the MSG up to {@code limit} octets. */
    public void assemble(int limit) {
        assembly = new Assembly(limit);
    }

    /** The MSG is delivered in pieces as its frames arrive. */
    public void stream() {
        streaming = true;
    }

    /** True while the MSG is delivered in pieces. */
    public boolean streaming() {
        return streaming;
    }

    /** True while the rest of an oversized MSG is dropped. */
    public boolean discarding() {
        return discarding;
    }

    /** Drops the rest of an oversized MSG while {@code moreFrames}. */
    public void discard(boolean moreFrames) {
        if (assembly != null) {
            assembly.release();
            assembly = null;
        }
        discarding = moreFrames;
        if (!moreFrames) {
            receivingDone();
        }
    }

    /** The MSG's last frame arrived. */
    public void receivingDone() {
        assembly = null;
        discarding = false;
        streaming = false;
        channel.exchanges().replies().receivingDone(slot);
    }

    /** The MSG was handed to the application, which owes its reply now. */
    public void delivered() {
        delivered = true;
    }

    /**
     * The MSG's window credit waits for the application: {@code credit} runs at the first reply produced or when
     * {@link #creditDue()} is called (the handler returned), whichever comes first, once. A reply thus leaves in the
     * same flush as the SEQ carrying that credit, never before it in a second small segment.
     */
    public void creditOnReply(Runnable credit) {
        pendingCredit = credit;
    }

    /** Runs the pending credit, if any. */
    public void creditDue() {
        Runnable c = pendingCredit;
        if (c != null) {
            pendingCredit = null;
            c.run();
        }
    }

    // ------------------------------------------------------------------ Responder (any thread)

    @Override
    public void reply(MimeEntity entity) {
        finish("reply");
        ByteBuf payload = MimePayloads.encode(entity);
        channel.host().onLoop(() -> produce(FrameType.RPY, payload, true, null));
    }

    @Override
    public void refuse(int code, String diagnostic) {
        finish("refuse");
        ByteBuf payload = MimePayloads.wrap(ManagementPayloads.error(code, diagnostic));
        channel.host().onLoop(() -> produce(FrameType.ERR, payload, true, null));
    }

    @Override
    public void answer(MimeEntity entity) {
        int s = state.get();
        if (s == DONE || (s == NONE && !state.compareAndSet(NONE, ANSWERING))) {
            throw new IllegalStateException("msgno " + msgno + " on channel " + channel.number() + " is already answered");
        }
        ByteBuf payload = MimePayloads.encode(entity);
        inAnswerOrder(() -> produce(FrameType.ANS, payload, false, null));
    }

    /**
     * Runs {@code production} on the event loop after every answer asked for before it, whichever thread asked: the
     * loop runs a task at once when already there, and would otherwise let an answer asked for on the loop overtake
     * one that another thread queued just before.
     */
    private void inAnswerOrder(Runnable production) {
        ConcurrentLinkedQueue<Runnable> q;
        synchronized (this) {
            if (answerQueue == null) {
                answerQueue = new ConcurrentLinkedQueue<>();
            }
            q = answerQueue;
        }
        q.add(production);
        channel.host().onLoop(() -> {
            for (Runnable r = q.poll(); r != null; r = q.poll()) {
                r.run();
            }
        });
    }

    @Override
    public CompletableFuture<Void> answerInOneFrame(MimeEntity entity) {
        int s = state.get();
        if (s == DONE || (s == NONE && !state.compareAndSet(NONE, ANSWERING))) {
            throw new IllegalStateException("msgno " + msgno + " on channel " + channel.number() + " is already answered");
        }
        ByteBuf payload = MimePayloads.encode(entity);
        CompletableFuture<Void> written = new CompletableFuture<>();
        inAnswerOrder(() -> {
            WholeFrames whole = channel.wholeFrames();
            WindowTooSmallException tooLarge = whole.refusal(payload.readableBytes());
            if (tooLarge != null || channel.lifecycle().isClosed()) {
                payload.release();
                written.completeExceptionally(tooLarge != null ? tooLarge
                        : new ChannelClosedException("channel " + channel.number() + " is closed"));
                return;
            }
            whole.answerQueued(written);
            produce(FrameType.ANS, payload, false, () -> whole.written(written), true);
        });
        return written;
    }

    @Override
    public void endAnswers() {
        if (!state.compareAndSet(ANSWERING, DONE) && !state.compareAndSet(NONE, DONE)) {
            throw new IllegalStateException("msgno " + msgno + " on channel " + channel.number() + " is already answered");
        }
        inAnswerOrder(() -> produce(FrameType.NUL, Unpooled.EMPTY_BUFFER, true, null));
    }

    /** True once any final reply was requested (from any thread). */
    public boolean answered() {
        return state.get() == DONE;
    }

    private void finish(String what) {
        if (!state.compareAndSet(NONE, DONE)) {
            throw new IllegalStateException("cannot " + what + ": msgno " + msgno + " on channel " + channel.number()
                    + " is already answered or answering");
        }
    }

    /** Event loop: the session itself answers (channel 0, refusals, ERR 550). */
    public void replyNow(FrameType type, byte[] payload) {
        replyNow(type, payload, null);
    }

    /** As {@link #replyNow(FrameType, byte[])}, running {@code onWritten} once the reply's last frame is written. */
    public void replyNow(FrameType type, byte[] payload, Runnable onWritten) {
        state.set(DONE);
        produce(type, MimePayloads.wrap(payload), true, onWritten);
    }

    private void produce(FrameType type, ByteBuf payload, boolean last, Runnable onWritten) {
        produce(type, payload, last, onWritten, false);
    }

    private void produce(FrameType type, ByteBuf payload, boolean last, Runnable onWritten, boolean whole) {
        if (channel.lifecycle().isClosed()) {
            payload.release();
            return; // the session or channel ended: nobody to send to
        }
        long ansno = type == FrameType.ANS ? nextAnsno++ : -1;
        OutboundMessage m = new OutboundMessage(type, msgno, ansno, payload);
        m.onWritten(onWritten);
        m.wholeFrame(whole);
        channel.host().replyProduced(channel, payload.readableBytes(), last && delivered);
        creditDue();
        channel.exchanges().replies().produce(slot, m, last);
        channel.drainReplies();
    }

    /** Releases the partial MSG. */
    void releaseAll() {
        if (assembly != null) {
            assembly.release();
            assembly = null;
        }
    }
}
