package io.beepkit.netty.internal.channel;

import io.beepkit.core.frame.FrameType;

import java.util.HashMap;
import java.util.Map;

/**
 * One of our MSGs awaiting its reply: the reply's partial frames and where the complete parts go. Event loop only;
 * written by the session's reply receiver.
 */
public final class PendingRequest {
    private final int msgno;
    private ReplySink sink;
    private final long createdNanos = System.nanoTime();
    private OutboundMessage outbound;
    private Assembly reply;
    private Map<Long, Assembly> answers;
    private long held;
    private long answerBytes;
    private boolean acknowledged;
    /** For chunked delivery: the RPY or ERR in progress, else null. */
    private FrameType chunkType;

    PendingRequest(int msgno, ReplySink sink) {
        this.msgno = msgno;
        this.sink = sink;
    }

    /** The MSG's msgno. */
    public int msgno() {
        return msgno;
    }

    /** When the MSG was registered (System.nanoTime), for round-trip latency. */
    public long createdNanos() {
        return createdNanos;
    }

    /** Where the reply goes. */
    public ReplySink sink() {
        return sink;
    }

    /**
     * The exchange was given up: from now on its reply is read and dropped. The msgno stays taken until the reply
     * ends, as a number whose reply may still come must not be reused (RFC 3080 §2.2.1.1).
     */
    void discard() {
        sink = DiscardedReply.INSTANCE;
    }

    /** True once the exchange was given up and its reply is dropped. */
    public boolean discarded() {
        return sink == DiscardedReply.INSTANCE;
    }

    /** Our MSG as queued for sending (null for channel 0's implicit greeting request). */
    public OutboundMessage outbound() {
        return outbound;
    }

    void outbound(OutboundMessage m) {
        outbound = m;
    }

    /** True once the first frame of the reply arrived. */
    public boolean acknowledged() {
        return acknowledged;
    }

    /** Records that the reply began. */
    public void acknowledge() {
        acknowledged = true;
    }

    /** The RPY or ERR being assembled, or null. */
    public Assembly reply() {
        return reply;
    }

    /** The RPY or ERR being assembled, started with {@code limit} if none yet. */
    public Assembly replyAssembly(int limit) {
        if (reply == null) {
            reply = new Assembly(limit);
        }
        return reply;
    }

    /** The RPY or ERR assembly is done with. */
    public void replyTaken() {
        reply = null;
    }

    /** The assembly of answer {@code ansno}, started with {@code limit} if new. */
    public Assembly answer(long ansno, int limit) {
        if (answers == null) {
            answers = new HashMap<>();
        }
        return answers.computeIfAbsent(ansno, k -> new Assembly(limit));
    }

    /** Answer {@code ansno} is complete: forgets its assembly. */
    public void answerTaken(long ansno) {
        answers.remove(ansno);
    }

    /** True while answers are in progress or were received. */
    public boolean hasAnswers() {
        return answers != null && !answers.isEmpty() || answerBytes > 0;
    }

    /** Counts octets of ANS frames. */
    public void addAnswerBytes(int n) {
        answerBytes += n;
    }

    /** For chunked delivery, the RPY or ERR in progress, else null. */
    public FrameType chunkType() {
        return chunkType;
    }

    /** Records the RPY or ERR in progress for chunked delivery (null once it ended). */
    public void chunkType(FrameType t) {
        chunkType = t;
    }

    /** Octets of partial replies held for this request, as counted against the session's memory budget. */
    public long held() {
        return held;
    }

    /** Adds (or removes) octets of partial replies held for this request. */
    public void addHeld(long octets) {
        held += octets;
    }

    /** Releases partial reply buffers. */
    public void release() {
        if (reply != null) {
            reply.release();
            reply = null;
        }
        if (answers != null) {
            answers.values().forEach(Assembly::release);
            answers.clear();
        }
    }
}
