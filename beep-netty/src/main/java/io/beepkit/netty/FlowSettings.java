package io.beepkit.netty;

import java.time.Duration;
import java.util.Objects;

/**
 * How a session paces its frames: the receive windows it advertises, the frame sizes it sends, how long a tail
 * fragment may wait for the peer's SEQ and how long a due SEQ may wait for company. Immutable; start from a
 * {@link SocketTuning} preset's {@link SocketTuning#flow()} or {@link #builder()}. {@code docs/tuning.md} explains
 * each value.
 */
public final class FlowSettings {
    /** Default longest wait of a tail fragment for the peer's SEQ: 20 ms. */
    public static final Duration DEFAULT_TAIL_WAIT = Duration.ofMillis(20);
    /** Default longest wait of a due SEQ for the reply or MSG it can ride with: 5 ms. */
    public static final Duration DEFAULT_SEQ_DELAY = Duration.ofMillis(5);
    /** The longest {@code seqDelay} accepted: a peer waiting on its window must not wait longer. */
    public static final Duration MAX_SEQ_DELAY = Duration.ofMillis(200);

    private static final FlowSettings DEFAULTS = new Builder(64 * 1024, 1024 * 1024, 64 * 1024, 512, false).build();

    private final int initialWindow;
    private final int maxWindow;
    private final int maxFrameSize;
    private final int minFragment;
    private final boolean naiveSplitting;
    private final Duration tailWait;
    private final Duration seqDelay;

    private FlowSettings(Builder b) {
        SettingChecks.atLeast("initialWindow", b.initialWindow, 2);
        if (b.maxWindow < b.initialWindow) {
            throw new IllegalArgumentException("maxWindow must be >= initialWindow " + b.initialWindow + ": "
                    + b.maxWindow);
        }
        SettingChecks.atLeast("maxFrameSize", b.maxFrameSize, 1);
        SettingChecks.atLeast("minFragment", b.minFragment, 1);
        SettingChecks.notNegative("tailWait", b.tailWait);
        SettingChecks.notNegative("seqDelay", b.seqDelay);
        if (b.seqDelay.compareTo(MAX_SEQ_DELAY) > 0) {
            throw new IllegalArgumentException("seqDelay must be between 0 and " + MAX_SEQ_DELAY.toMillis() + " ms: "
                    + b.seqDelay);
        }
        this.initialWindow = b.initialWindow;
        this.maxWindow = b.maxWindow;
        this.maxFrameSize = b.maxFrameSize;
        this.minFragment = b.minFragment;
        this.naiveSplitting = b.naiveSplitting;
        this.tailWait = b.tailWait;
        this.seqDelay = b.seqDelay;
    }

    /**
     * The defaults, those of {@link SocketTuning#DEFAULT}: windows of 64 KiB growing up to 1 MiB, 64 KiB frames,
     * 512-octet minimum fragment, 20 ms tail wait, 5 ms SEQ delay.
     */
    public static FlowSettings defaults() {
        return DEFAULTS;
    }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return DEFAULTS.toBuilder();
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder(this);
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
     * True reproduces old stacks, for comparison: fill whatever window is open, however small the tail, and write
     * every frame (SEQs included) in a flush of its own.
     */
    public boolean naiveSplitting() {
        return naiveSplitting;
    }

    /** How long the encoder may hold back a tail fragment waiting for the peer's SEQ. */
    public Duration tailWait() {
        return tailWait;
    }

    /**
     * How long a due SEQ may wait to leave with the reply or MSG that follows it on its channel (one TCP segment
     * instead of two); zero sends every SEQ at once.
     */
    public Duration seqDelay() {
        return seqDelay;
    }

    /** True when the receive window may grow beyond its initial size. */
    public boolean autoTuning() {
        return maxWindow > initialWindow;
    }

    /** Builds {@link FlowSettings}; {@link #build()} checks the values. */
    public static final class Builder {
        private int initialWindow;
        private int maxWindow;
        private int maxFrameSize;
        private int minFragment;
        private boolean naiveSplitting;
        private Duration tailWait = DEFAULT_TAIL_WAIT;
        private Duration seqDelay = DEFAULT_SEQ_DELAY;

        private Builder(FlowSettings f) {
            this(f.initialWindow, f.maxWindow, f.maxFrameSize, f.minFragment, f.naiveSplitting);
            tailWait = f.tailWait;
            seqDelay = f.seqDelay;
        }

        /** Creates a builder from raw values, for the presets. */
        Builder(int initialWindow, int maxWindow, int maxFrameSize, int minFragment, boolean naiveSplitting) {
            this.initialWindow = initialWindow;
            this.maxWindow = maxWindow;
            this.maxFrameSize = maxFrameSize;
            this.minFragment = minFragment;
            this.naiveSplitting = naiveSplitting;
        }

        /** Sets the initial window (at least 2); the cap follows it up if it was lower. */
        public Builder initialWindow(int v) {
            initialWindow = v;
            maxWindow = Math.max(maxWindow, v);
            return this;
        }

        /** A fixed window: initial and maximum both {@code v}. */
        public Builder window(int v) { initialWindow = v; maxWindow = v; return this; }
        /** The cap for automatic receive-window growth, in octets (at least the initial window). */
        public Builder maxWindow(int v) { maxWindow = v; return this; }
        /** The largest frame payload we send, in octets (at least 1). */
        public Builder maxFrameSize(int v) { maxFrameSize = v; return this; }
        /** The smallest piece worth sending when a message must be split, in octets (at least 1). */
        public Builder minFragment(int v) { minFragment = v; return this; }
        /** True to fill whatever window is open, however small the tail (old stacks; for comparison only). */
        public Builder naiveSplitting(boolean v) { naiveSplitting = v; return this; }
        /** How long a tail fragment may wait for the peer's SEQ before it is sent anyway (default: 20 ms). */
        public Builder tailWait(Duration v) { tailWait = v; return this; }
        /** How long a due SEQ may wait for the reply or MSG it can ride with (default 5 ms, at most 200 ms). */
        public Builder seqDelay(Duration v) { seqDelay = v; return this; }

        /** The settings, checked: an IllegalArgumentException names a setting out of bounds and its value. */
        public FlowSettings build() {
            return new FlowSettings(this);
        }
    }

    /** Equal when every setting is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof FlowSettings that && initialWindow == that.initialWindow && maxWindow == that.maxWindow
                && maxFrameSize == that.maxFrameSize && minFragment == that.minFragment
                && naiveSplitting == that.naiveSplitting && tailWait.equals(that.tailWait)
                && seqDelay.equals(that.seqDelay);
    }

    @Override
    public int hashCode() {
        return Objects.hash(initialWindow, maxWindow, maxFrameSize, minFragment, naiveSplitting, tailWait, seqDelay);
    }

    @Override
    public String toString() {
        return "FlowSettings[initialWindow=" + initialWindow + ", maxWindow=" + maxWindow + ", maxFrameSize="
                + maxFrameSize + ", minFragment=" + minFragment + ", naiveSplitting=" + naiveSplitting
                + ", tailWait=" + tailWait + ", seqDelay=" + seqDelay + "]";
    }
}
