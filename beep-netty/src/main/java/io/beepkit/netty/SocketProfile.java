package io.beepkit.netty;

import java.util.Objects;

/**
 * A named, documented set of socket and window settings chosen by intent rather than folklore. The built-in profiles
 * are {@link #DEFAULT} (request/response latency), {@link #EFFICIENT} (fewest TCP segments, Nagle on),
 * {@link #BULK} (throughput), {@link #BOUNDED} (against bufferbloat) and {@link #LEGACY} (what old stacks did, to
 * measure the difference). Start from any of them with
 * {@link #toBuilder()} to make a custom one. {@code docs/tuning.md} explains each value.
 */
public final class SocketProfile {
    /**
     * The smallest SO_RCVBUF and SO_SNDBUF, in octets, that clients and listeners give a socket: a profile asking for
     * less (but not 0, the kernel's own sizing) gets this, with one warning per client or listener naming both
     * values. Below it Linux advertises a TCP window of one or two segments and stalls on its persist timer (a
     * 4098-octet echo with 1 KiB buffers took about a second); 8 KiB, which Linux doubles to 16 KiB of buffer,
     * keeps a whole 4096-octet BEEP window in one TCP window and is still small enough against bufferbloat.
     * {@code docs/tuning.md} has the measurements.
     */
    public static final int MIN_SOCKET_BUFFER = 8 * 1024;

    private final String name;
    private final boolean tcpNoDelay;
    private final int receiveBuffer;
    private final int sendBuffer;
    private final int writeBufferLow;
    private final int writeBufferHigh;
    private final int initialWindow;
    private final int maxWindow;
    private final int maxFrameSize;
    private final int minFragment;
    private final boolean naiveSplitting;
    private final int notSentLowat;

    /**
     * Checks the sizes: initialWindow at least 2 and maxWindow not below it, maxFrameSize and minFragment at least 1,
     * buffers and notSentLowat non-negative, water marks {@code 1 <= low <= high}.
     */
    private SocketProfile(String name, boolean tcpNoDelay, int receiveBuffer, int sendBuffer, int writeBufferLow,
                          int writeBufferHigh, int initialWindow, int maxWindow, int maxFrameSize, int minFragment,
                          boolean naiveSplitting, int notSentLowat) {
        Objects.requireNonNull(name, "name");
        positive("initialWindow", initialWindow, 2);
        positive("maxFrameSize", maxFrameSize, 1);
        positive("minFragment", minFragment, 1);
        if (maxWindow < initialWindow) {
            throw new IllegalArgumentException("maxWindow " + maxWindow + " < initialWindow " + initialWindow);
        }
        if (receiveBuffer < 0 || sendBuffer < 0 || notSentLowat < 0) {
            throw new IllegalArgumentException("buffer sizes must be >= 0: SO_RCVBUF=" + receiveBuffer
                    + " SO_SNDBUF=" + sendBuffer + " TCP_NOTSENT_LOWAT=" + notSentLowat);
        }
        if (writeBufferLow < 1 || writeBufferHigh < writeBufferLow) {
            throw new IllegalArgumentException("water marks must satisfy 1 <= low <= high: low=" + writeBufferLow
                    + " high=" + writeBufferHigh);
        }
        this.name = name;
        this.tcpNoDelay = tcpNoDelay;
        this.receiveBuffer = receiveBuffer;
        this.sendBuffer = sendBuffer;
        this.writeBufferLow = writeBufferLow;
        this.writeBufferHigh = writeBufferHigh;
        this.initialWindow = initialWindow;
        this.maxWindow = maxWindow;
        this.maxFrameSize = maxFrameSize;
        this.minFragment = minFragment;
        this.naiveSplitting = naiveSplitting;
        this.notSentLowat = notSentLowat;
    }

    /** A label for logs. */
    public String name() {
        return name;
    }

    /** TCP_NODELAY: true disables Nagle's algorithm (the first fix for BEEP tiny fragments). */
    public boolean tcpNoDelay() {
        return tcpNoDelay;
    }

    /**
     * SO_RCVBUF in octets as requested, 0 to keep the kernel's autotuning; a value below {@link #MIN_SOCKET_BUFFER}
     * is raised to it when applied.
     */
    public int receiveBuffer() {
        return receiveBuffer;
    }

    /**
     * SO_SNDBUF in octets as requested, 0 to keep the kernel's default; a value below {@link #MIN_SOCKET_BUFFER} is
     * raised to it when applied.
     */
    public int sendBuffer() {
        return sendBuffer;
    }

    /** Netty's low write-buffer water mark: writable again below it. */
    public int writeBufferLow() {
        return writeBufferLow;
    }

    /** Netty's high water mark: the channel stops taking frames above it. */
    public int writeBufferHigh() {
        return writeBufferHigh;
    }

    /** The receive window each channel advertises once started (RFC default 4096). */
    public int initialWindow() {
        return initialWindow;
    }

    /** The cap for automatic receive-window growth; equal to initialWindow to disable growth. */
    public int maxWindow() {
        return maxWindow;
    }

    /** The largest frame payload we send. */
    public int maxFrameSize() {
        return maxFrameSize;
    }

    /** The smallest piece worth sending when a message must be split. */
    public int minFragment() {
        return minFragment;
    }

    /**
     * True reproduces old stacks, for comparison: fill whatever window is open, however small the tail, and write every
     * frame (SEQs included) in a flush of its own.
     */
    public boolean naiveSplitting() {
        return naiveSplitting;
    }

    /** TCP_NOTSENT_LOWAT on native epoll, 0 to leave unset. */
    public int notSentLowat() {
        return notSentLowat;
    }

    /**
     * Request/response latency: no Nagle, kernel-tuned buffers, windows sized to the path by the delay-aware tuner
     * (64 KiB at first, up to 1 MiB), and short send queues: 16..32 KiB write-buffer water marks and, on native epoll,
     * TCP_NOTSENT_LOWAT of 32 KiB, so a frame of an interactive channel waits behind little of a bulk channel's data
     * in our queue and the kernel's.
     */
    public static final SocketProfile DEFAULT = new SocketProfile("default", true, 0, 0, 16 * 1024, 32 * 1024,
            64 * 1024, 1024 * 1024, 64 * 1024, 512, false, 32 * 1024);

    /**
     * Fewest TCP segments: Nagle's algorithm on, with the window-aware encoder and the engine's coalesced writes (one
     * flush per event-loop turn, SEQs riding with replies), so nothing small is ever left waiting for an ACK. Windows
     * as {@link #DEFAULT}.
     */
    public static final SocketProfile EFFICIENT = new SocketProfile("efficient", false, 0, 0, 32 * 1024, 64 * 1024,
            64 * 1024, 1024 * 1024, 64 * 1024, 512, false, 0);

    /** Bulk throughput: large windows and frames, large socket buffers. */
    public static final SocketProfile BULK = new SocketProfile("bulk", true, 4 * 1024 * 1024, 4 * 1024 * 1024,
            512 * 1024, 1024 * 1024, 256 * 1024, 4 * 1024 * 1024, 256 * 1024, 4096, false, 0);

    /**
     * Bounded against bufferbloat: small fixed SO_RCVBUF/SO_SNDBUF, low water marks and fixed 16 KiB windows, so an
     * interactive channel never waits behind megabytes queued for a bulk one.
     */
    public static final SocketProfile BOUNDED = new SocketProfile("bounded", true, 64 * 1024, 64 * 1024,
            8 * 1024, 16 * 1024, 16 * 1024, 16 * 1024, 16 * 1024, 512, false, 16 * 1024);

    /**
     * What old stacks did: Nagle on, naive splitting, a fixed 4096-octet window. Only for comparison; it shows the
     * tiny-fragment collapse on messages slightly larger than the window.
     */
    public static final SocketProfile LEGACY = new SocketProfile("legacy", false, 0, 0, 32 * 1024, 64 * 1024,
            4096, 4096, 4096, 1, true, 0);

    private static void positive(String what, int v, int min) {
        if (v < min) {
            throw new IllegalArgumentException(what + " must be >= " + min + ": " + v);
        }
    }

    /** Looks a built-in profile up by name (case-insensitive). */
    public static SocketProfile named(String name) {
        for (SocketProfile p : builtIns()) {
            if (p.name.equalsIgnoreCase(name)) {
                return p;
            }
        }
        StringBuilder names = new StringBuilder();
        for (SocketProfile p : builtIns()) {
            names.append(names.length() == 0 ? "" : ", ").append(p.name);
        }
        throw new IllegalArgumentException("unknown socket profile '" + name + "', expected one of " + names);
    }

    /** The built-in profiles: default, efficient, bulk, bounded, legacy. */
    public static SocketProfile[] builtIns() {
        return new SocketProfile[] {DEFAULT, EFFICIENT, BULK, BOUNDED, LEGACY};
    }

    /** True when the receive window may grow beyond its initial size. */
    public boolean autoTuning() {
        return maxWindow > initialWindow;
    }

    /** A builder starting from this profile, for a custom one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds a custom profile from an existing one. */
    public static final class Builder {
        private String name;
        private boolean tcpNoDelay;
        private int receiveBuffer;
        private int sendBuffer;
        private int writeBufferLow;
        private int writeBufferHigh;
        private int initialWindow;
        private int maxWindow;
        private int maxFrameSize;
        private int minFragment;
        private boolean naiveSplitting;
        private int notSentLowat;

        private Builder(SocketProfile p) {
            name = p.name + "-custom";
            tcpNoDelay = p.tcpNoDelay;
            receiveBuffer = p.receiveBuffer;
            sendBuffer = p.sendBuffer;
            writeBufferLow = p.writeBufferLow;
            writeBufferHigh = p.writeBufferHigh;
            initialWindow = p.initialWindow;
            maxWindow = p.maxWindow;
            maxFrameSize = p.maxFrameSize;
            minFragment = p.minFragment;
            naiveSplitting = p.naiveSplitting;
            notSentLowat = p.notSentLowat;
        }

        /** A label for logs. */
        public Builder name(String v) { name = v; return this; }
        /** TCP_NODELAY: true disables Nagle's algorithm. */
        public Builder tcpNoDelay(boolean v) { tcpNoDelay = v; return this; }
        /** SO_RCVBUF in octets, 0 for the kernel's autotuning; raised to {@link #MIN_SOCKET_BUFFER} when applied. */
        public Builder receiveBuffer(int v) { receiveBuffer = v; return this; }
        /** SO_SNDBUF in octets, 0 for the kernel's default; raised to {@link #MIN_SOCKET_BUFFER} when applied. */
        public Builder sendBuffer(int v) { sendBuffer = v; return this; }
        /** Netty's write-buffer water marks in octets: frames stop above {@code high} and resume below {@code low}. */
        public Builder writeBufferWaterMarks(int low, int high) { writeBufferLow = low; writeBufferHigh = high; return this; }

        /** Sets the initial window; the cap follows it up if it was lower. */
        public Builder initialWindow(int v) {
            initialWindow = v;
            maxWindow = Math.max(maxWindow, v);
            return this;
        }

        /** A fixed window: initial and maximum both {@code v}. */
        public Builder window(int v) { initialWindow = v; maxWindow = v; return this; }
        /** The cap for automatic receive-window growth, in octets. */
        public Builder maxWindow(int v) { maxWindow = v; return this; }
        /** The largest frame payload we send, in octets. */
        public Builder maxFrameSize(int v) { maxFrameSize = v; return this; }
        /** The smallest piece worth sending when a message must be split, in octets. */
        public Builder minFragment(int v) { minFragment = v; return this; }
        /** True to fill whatever window is open, however small the tail (old stacks; for comparison only). */
        public Builder naiveSplitting(boolean v) { naiveSplitting = v; return this; }
        /** TCP_NOTSENT_LOWAT in octets on native epoll, 0 to leave unset. */
        public Builder notSentLowat(int v) { notSentLowat = v; return this; }

        /** The profile, checked. */
        public SocketProfile build() {
            return new SocketProfile(name, tcpNoDelay, receiveBuffer, sendBuffer, writeBufferLow, writeBufferHigh,
                    initialWindow, maxWindow, maxFrameSize, minFragment, naiveSplitting, notSentLowat);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SocketProfile that
                && Objects.equals(name, that.name)
                && tcpNoDelay == that.tcpNoDelay
                && receiveBuffer == that.receiveBuffer
                && sendBuffer == that.sendBuffer
                && writeBufferLow == that.writeBufferLow
                && writeBufferHigh == that.writeBufferHigh
                && initialWindow == that.initialWindow
                && maxWindow == that.maxWindow
                && maxFrameSize == that.maxFrameSize
                && minFragment == that.minFragment
                && naiveSplitting == that.naiveSplitting
                && notSentLowat == that.notSentLowat;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, tcpNoDelay, receiveBuffer, sendBuffer, writeBufferLow, writeBufferHigh,
                initialWindow, maxWindow, maxFrameSize, minFragment, naiveSplitting, notSentLowat);
    }

    @Override
    public String toString() {
        return "SocketProfile[name=" + name + ", tcpNoDelay=" + tcpNoDelay + ", receiveBuffer=" + receiveBuffer
                + ", sendBuffer=" + sendBuffer + ", writeBufferLow=" + writeBufferLow
                + ", writeBufferHigh=" + writeBufferHigh + ", initialWindow=" + initialWindow
                + ", maxWindow=" + maxWindow + ", maxFrameSize=" + maxFrameSize + ", minFragment=" + minFragment
                + ", naiveSplitting=" + naiveSplitting + ", notSentLowat=" + notSentLowat + "]";
    }
}
