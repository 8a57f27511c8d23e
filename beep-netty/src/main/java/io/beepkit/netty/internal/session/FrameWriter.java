package io.beepkit.netty.internal.session;

import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.internal.codec.Frame;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelHandlerContext;

import java.util.function.Consumer;

/**
 * The only caller of {@code ctx.write} for a session, and the one place that flushes: once at the end of a read
 * burst (and at each cut of a long one, see {@link ReadSlices}), or once per event-loop turn from a single deferred
 * task when frames were written outside a read. Writers only write; a SEQ and the reply that follows it in the same
 * turn therefore leave in one flush, one TCP segment when they fit, with Nagle on or off.
 */
public final class FrameWriter {
    private final Runnable flushTask = this::flushNow;
    private ChannelHandlerContext ctx;
    private boolean dirty;
    private boolean flushScheduled;
    private boolean reading;
    private long flushes;
    private Consumer<Throwable> failures = t -> { };
    private boolean pushOffReadFlushes;
    private boolean naive;
    private boolean seqWritten;

    /**
     * @param pushOffReadFlushes with Nagle's algorithm on: push a flush made outside a read burst at once, so a
     *                           reply produced later than the read cannot wait behind our previous small segment
     *                           for the peer's delayed ACK
     * @param naive              write like old stacks, for comparison: every frame in a flush of its own
     */
    void bind(ChannelHandlerContext ctx, Consumer<Throwable> failures, boolean pushOffReadFlushes, boolean naive) {
        this.ctx = ctx;
        this.failures = failures;
        this.pushOffReadFlushes = pushOffReadFlushes && !naive;
        this.naive = naive;
    }

    /** Writes a frame with no completion action. */
    public void write(Frame frame) {
        if (frame.header().type() == FrameType.SEQ) {
            seqWritten = true;
        }
        ctx.write(frame, ctx.voidPromise());
        written();
    }

    /** Writes a frame and runs {@code onWritten} once the transport has written it; a failure goes to the session. */
    public void write(Frame frame, Runnable onWritten) {
        ctx.write(frame).addListener(f -> {
            if (f.isSuccess()) {
                try {
                    onWritten.run();
                } catch (Throwable t) {
                    failures.accept(t); // never swallowed by the promise: it would leave futures pending
                }
            } else {
                failures.accept(f.cause());
            }
        });
        written();
    }

    /** Closes the TCP connection once everything written so far is flushed. */
    public void closeAfterFlush() {
        dirty = false;
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    /** True when the socket takes more data without queueing past the high water mark. */
    public boolean writable() {
        return ctx.channel().isWritable();
    }

    /** A read burst begins: flushing waits for its end. */
    void beginRead() {
        reading = true;
    }

    /**
     * A long read burst is cut ({@link ReadSlices}): flush what it produced so far, unless Nagle's algorithm is on
     * (a small tail would wait for the peer's delayed ACK; the flush at the burst's end comes soon enough).
     */
    void cutRead() {
        if (reading && !pushOffReadFlushes && !naive) {
            flushNow();
        }
    }

    /** The read burst ended: flush what it produced. */
    void endRead() {
        reading = false;
        flushNow();
    }

    /** How many flushes this session made (for tests and statistics). */
    public long flushes() {
        return flushes;
    }

    private void written() {
        dirty = true;
        if (naive) {
            flushNow();
            return;
        }
        if (!reading && !flushScheduled) {
            flushScheduled = true;
            ctx.executor().execute(flushTask);
        }
    }

    /** Flushes now if anything was written since the last flush. */
    void flushNow() {
        boolean offRead = flushScheduled;
        boolean seq = seqWritten;
        flushScheduled = false;
        seqWritten = false;
        if (dirty) {
            dirty = false;
            flushes++;
            ctx.flush();
            if ((offRead || seq) && pushOffReadFlushes) {
                push();
            }
        }
    }

    /**
     * Linux sends segments held by Nagle's algorithm when TCP_NODELAY is set (tcp(7)); clearing it again keeps
     * Nagle for what follows. At the end of a read burst this is not needed: the peer's data just acknowledged ours.
     */
    private void push() {
        ChannelConfig config = ctx.channel().config();
        config.setOption(ChannelOption.TCP_NODELAY, true);
        config.setOption(ChannelOption.TCP_NODELAY, false);
    }
}
