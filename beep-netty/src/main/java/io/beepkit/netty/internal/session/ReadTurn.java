package io.beepkit.netty.internal.session;

import io.beepkit.netty.SessionConfig;
import io.netty.channel.EventLoop;

/**
 * The share of an event-loop turn one session's read may use ({@code SessionLimits.maxFramesPerTurn},
 * {@code maxOctetsPerTurn}, {@code maxStartsPerTurn}). Once a bound is reached the session yields: the frame decoder
 * hands on nothing more (what it has read waits, undecoded), the socket is not read (back-pressure on the peer), and
 * a task scheduled on the loop resumes decoding. A scheduled task runs after the I/O the loop has already selected,
 * and one scheduled from a task runs only after the loop's next I/O pass, so every other session on the loop gets its
 * read in between. Without the bound one peer's burst (up to 16 socket reads of 64 KiB, or a window's worth of start
 * requests parsed one by one) held the loop for as long as its frames took, and every session on it waited.
 * Event loop only; {@link #yields()} may be read from any thread.
 */
final class ReadTurn {
    /**
     * The resume is scheduled, not executed: a loop runs the tasks scheduled during its task phase only after its
     * next I/O pass, while tasks merely queued would run in the same phase, before any other session's read.
     */
    static final long RESUME_DELAY_NANOS = 1;
    private final SessionContext ctx;
    private final int maxFrames;
    private final long maxOctets;
    private final int maxRequests;
    private int frames;
    private long octets;
    private int requests;
    /** The loop's requests in its current pass, as of this session's latest one. */
    private int loopRequests;
    private boolean yielded;
    private volatile long yields;
    private Runnable decodeHeld = () -> { };

    ReadTurn(SessionContext ctx, SessionConfig config) {
        this.ctx = ctx;
        this.maxFrames = config.limits().maxFramesPerTurn();
        this.maxOctets = config.limits().maxOctetsPerTurn();
        this.maxRequests = config.limits().maxStartsPerTurn();
    }

    /** What resumes the frame decoder on the next turn; set by the decoder through its limits. */
    void onResume(Runnable task) {
        decodeHeld = task;
    }

    /** A read burst begins: unless the session is waiting for its next turn, it starts with a full share. */
    void begin() {
        if (!yielded) {
            frames = 0;
            octets = 0;
            requests = 0;
            loopRequests = 0;
        }
    }

    /** A frame of {@code payload} octets was handled. */
    void frameHandled(int payload) {
        frames++;
        octets += payload;
        check();
    }

    /**
     * A channel-0 request was parsed, or refused for the start rate before parsing. It counts for the session and for
     * its event loop's pass ({@link LoopShare}): the session yields once either has handled a share.
     */
    void requestHandled() {
        requests++;
        EventLoop loop = ctx.loop();
        if (loop != null && loop.inEventLoop()) {
            loopRequests = LoopShare.current().requestHandled(loop);
        }
        check();
    }

    /** True from the moment the share is used up until the next turn resumes the session. */
    boolean yielded() {
        return yielded;
    }

    /** How many times the session yielded its turn. */
    long yields() {
        return yields;
    }

    private void check() {
        if (!yielded && (frames >= maxFrames || octets >= maxOctets || requests >= maxRequests
                || loopRequests >= maxRequests)) {
            yielded = true;
            yields++;
            ctx.updateReading();
            ctx.schedule(this::resume, RESUME_DELAY_NANOS);
        }
    }

    private void resume() {
        if (ctx.closed()) {
            return;
        }
        yielded = false;
        begin();
        ctx.updateReading();
        decodeHeld.run();
    }
}
