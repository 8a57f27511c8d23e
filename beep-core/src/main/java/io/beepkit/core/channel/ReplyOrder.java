package io.beepkit.core.channel;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * The peer's MSGs on one channel in arrival order, and the replies we produce for them (RFC 3080 §2.6.1): replies may
 * be produced in any order, from any MSG's handler, but leave in the order the MSGs arrived. A MSG is remembered
 * while its frames are still arriving or its replies have not all left, so a msgno cannot be reused before then.
 * Not thread-safe: owned by the session's event loop.
 *
 * @param <A> what the caller keeps for each MSG (its assembly, its responder)
 * @param <M> a produced reply (a message ready to be cut into frames)
 */
public final class ReplyOrder<A, M> {
    // Two slots to start (the default is 17): most channels have a MSG or two in flight, and a listener holds many.
    private final ArrayDeque<Slot<A, M>> order = new ArrayDeque<>(1);
    private final IntMap<Slot<A, M>> byMsgno = new IntMap<>();

    /** One MSG awaiting our replies. */
    public static final class Slot<A, M> {
        private final int msgno;
        private final A attachment;
        /** The oldest reply produced and not yet handed on; most MSGs have one reply, so no queue for it. */
        private M first;
        /** Replies produced after {@code first} (answers), oldest first; null until a MSG has more than one. */
        private ArrayDeque<M> rest;
        private boolean ended;
        private boolean drained;
        private boolean receiving = true;

        private Slot(int msgno, A attachment) {
            this.msgno = msgno;
            this.attachment = attachment;
        }

        /** What the caller keeps for this MSG. */
        public A attachment() {
            return attachment;
        }

        /** The MSG's msgno. */
        public int msgno() {
            return msgno;
        }

        /** True once the final reply (RPY, ERR or NUL) is produced. */
        public boolean ended() {
            return ended;
        }

        private void add(M reply) {
            if (first == null) {
                first = reply;
            } else {
                if (rest == null) {
                    rest = new ArrayDeque<>();
                }
                rest.add(reply);
            }
        }

        private M poll() {
            M m = first;
            first = rest == null ? null : rest.poll();
            return m;
        }

        /** True once every reply has left the ordering (all produced and handed on). */
        public boolean drained() {
            return drained;
        }
    }

    /** The MSG numbered {@code msgno} that still awaits replies or frames, or null. */
    public Slot<A, M> find(int msgno) {
        return byMsgno.get(msgno);
    }

    /** A new MSG arrived: it takes its place in the reply order. */
    public Slot<A, M> open(int msgno, A attachment) {
        Slot<A, M> s = new Slot<>(msgno, attachment);
        order.add(s);
        byMsgno.put(msgno, s);
        return s;
    }

    /** MSGs whose replies have not all left yet. */
    public int awaiting() {
        return order.size();
    }

    /** True when every MSG's replies have left. */
    public boolean isEmpty() {
        return order.isEmpty();
    }

    /** Records a reply produced for {@code slot}; {@code last} for RPY, ERR or NUL. */
    public void produce(Slot<A, M> slot, M reply, boolean last) {
        slot.add(reply);
        if (last) {
            slot.ended = true;
        }
    }

    /**
     * Hands on every reply that may leave now, in order: those of the oldest MSG, and of each next one once the one
     * before it ended.
     *
     * @return true if anything was handed on
     */
    public boolean drain(Consumer<M> out) {
        boolean moved = false;
        while (!order.isEmpty()) {
            Slot<A, M> head = order.peek();
            M m;
            while ((m = head.poll()) != null) {
                out.accept(m);
                moved = true;
            }
            if (!head.ended) {
                break;
            }
            order.poll();
            head.drained = true;
            if (!head.receiving) {
                byMsgno.remove(head.msgno);
            }
        }
        return moved;
    }

    /** The last frame of {@code slot}'s MSG arrived: forget it once its replies have left. */
    public void receivingDone(Slot<A, M> slot) {
        slot.receiving = false;
        if (slot.drained) {
            byMsgno.remove(slot.msgno);
        }
    }

    /**
     * Forgets everything, handing every remembered MSG's attachment to {@code forget} and every reply not yet handed
     * on to {@code release}.
     */
    public void clear(Consumer<A> forget, Consumer<M> release) {
        byMsgno.forEachValue(s -> forget.accept(s.attachment));
        for (Slot<A, M> s : order) {
            M m;
            while ((m = s.poll()) != null) {
                release.accept(m);
            }
        }
        order.clear();
        byMsgno.clear();
    }
}
