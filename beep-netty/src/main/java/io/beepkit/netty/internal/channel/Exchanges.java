package io.beepkit.netty.internal.channel;

import io.beepkit.core.channel.IntMap;
import io.beepkit.core.channel.MsgnoAllocator;
import io.beepkit.core.channel.ReplyOrder;

import java.util.function.Consumer;


/**
 * The exchanges in progress on one channel: our MSGs awaiting the peer's replies (by msgno, bounded by the
 * outstanding limit) and the peer's MSGs awaiting ours, in the order their replies must leave. Event loop only.
 */
public final class Exchanges {
    private final int firstMsgno;
    private final int maxOutstanding;
    /** Made with our first MSG: a listener's channels seldom send one, and a listener holds many channels. */
    private MsgnoAllocator msgnos;
    private final IntMap<PendingRequest> pending = new IntMap<>();
    private final ReplyOrder<InboundRequest, OutboundMessage> replies = new ReplyOrder<>();

    Exchanges(int firstMsgno, int maxOutstanding) {
        this.firstMsgno = firstMsgno;
        this.maxOutstanding = maxOutstanding;
    }

    /**
     * Registers a MSG of ours awaiting a reply.
     *
     * @throws IllegalStateException when too many MSGs already await replies
     */
    public PendingRequest expectReply(ReplySink sink) {
        if (msgnos == null) {
            msgnos = new MsgnoAllocator(firstMsgno, maxOutstanding);
        }
        PendingRequest p = new PendingRequest(msgnos.allocate(), sink);
        pending.put(p.msgno(), p);
        return p;
    }

    /** Registers the reply we await to a MSG the protocol sent implicitly (the greeting's msgno 0 on channel 0). */
    public PendingRequest expectImplicitReply(int msgno, ReplySink sink) {
        PendingRequest p = new PendingRequest(msgno, sink);
        pending.put(msgno, p);
        return p;
    }

    /** Our MSG numbered {@code msgno} awaiting a reply, or null. */
    public PendingRequest pending(int msgno) {
        return pending.get(msgno);
    }

    /** The reply to {@code msgno} is complete: the msgno may be reused. */
    public void replied(int msgno) {
        pending.remove(msgno);
        if (msgnos != null) {
            msgnos.release(msgno); // null before our first MSG: the greeting's reply answers an implicit msgno
        }
    }

    /** True while any MSG of ours awaits its reply. */
    public boolean awaitingReplies() {
        return !pending.isEmpty();
    }

    /** How many MSGs of ours await their replies. */
    public int awaitingCount() {
        return pending.size();
    }

    /** Calls {@code action} with each MSG of ours awaiting its reply; it must not add or remove any. */
    void forEachPending(Consumer<PendingRequest> action) {
        pending.forEachValue(action);
    }

    /** The peer's MSGs in reply order. */
    public ReplyOrder<InboundRequest, OutboundMessage> replies() {
        return replies;
    }

    /** Releases every buffer and fails every pending operation. */
    void destroy(Throwable cause) {
        pending.forEachValue(p -> {
            p.release();
            p.sink().fail(cause);
            if (p.outbound() != null && p.outbound().progress() instanceof StreamWriter w) {
                w.fail(cause);
            }
        });
        pending.clear();
        replies.clear(InboundRequest::releaseAll, OutboundMessage::release);
    }
}
