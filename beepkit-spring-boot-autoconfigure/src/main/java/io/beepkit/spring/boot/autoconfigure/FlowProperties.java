package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.FlowSettings;
import org.jspecify.annotations.Nullable;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * {@code ...session.flow.*}: one to one with {@link FlowSettings.Builder}, windows, frames and the timing of SEQs.
 * Each value left unset keeps the one of the session's tuning ({@code ...session.tuning}), or for the two durations
 * the library's default; {@code docs/tuning.md} and {@code docs/architecture.md} explain each setting.
 */
public class FlowProperties {
    /** The receive window each channel advertises once started; unset for the tuning's value. */
    private @Nullable DataSize initialWindow;
    /** The cap of automatic receive-window growth (equal to initial-window: fixed); unset for the tuning's value. */
    private @Nullable DataSize maxWindow;
    /** The largest frame payload sent; unset for the tuning's value. */
    private @Nullable DataSize maxFrameSize;
    /** The smallest piece worth sending when a message must be split; unset for the tuning's value. */
    private @Nullable DataSize minFragment;
    /** Whether messages are split where the peer's window ends, as old stacks did; unset for the tuning's value. */
    private @Nullable Boolean naiveSplitting;
    /** How long the encoder may hold a tail fragment back waiting for the peer's SEQ; unset for the default. */
    private @Nullable Duration tailWait;
    /**
     * How long a due SEQ may wait to leave with the reply or MSG that follows it on its channel, 0 to send every SEQ
     * at once, at most 200ms; unset for the library's default.
     */
    private @Nullable Duration seqDelay;

    /** @return these settings set on {@code base}, unset ones keeping {@code base}'s; a refusal names {@code prefix} */
    FlowSettings applyTo(FlowSettings base, String prefix) {
        return LibrarySettings.build(prefix, base.toBuilder(), (map, b) -> {
            map.from(initialWindow).as(LibrarySettings::octets).to(b::initialWindow);
            map.from(maxWindow).as(LibrarySettings::octets).to(b::maxWindow);
            map.from(maxFrameSize).as(LibrarySettings::octets).to(b::maxFrameSize);
            map.from(minFragment).as(LibrarySettings::octets).to(b::minFragment);
            map.from(naiveSplitting).to(b::naiveSplitting);
            map.from(tailWait).to(b::tailWait);
            map.from(seqDelay).to(b::seqDelay);
        }, FlowSettings.Builder::build);
    }

    /** @return the initial window, null for the tuning's */
    public @Nullable DataSize getInitialWindow() { return initialWindow; }
    /** @param v the initial window */
    public void setInitialWindow(@Nullable DataSize v) { initialWindow = v; }
    /** @return the window's cap, null for the tuning's */
    public @Nullable DataSize getMaxWindow() { return maxWindow; }
    /** @param v the window's cap */
    public void setMaxWindow(@Nullable DataSize v) { maxWindow = v; }
    /** @return the largest frame payload, null for the tuning's */
    public @Nullable DataSize getMaxFrameSize() { return maxFrameSize; }
    /** @param v the largest frame payload */
    public void setMaxFrameSize(@Nullable DataSize v) { maxFrameSize = v; }
    /** @return the smallest fragment, null for the tuning's */
    public @Nullable DataSize getMinFragment() { return minFragment; }
    /** @param v the smallest fragment */
    public void setMinFragment(@Nullable DataSize v) { minFragment = v; }
    /** @return whether messages split at the window's end, null for the tuning's */
    public @Nullable Boolean getNaiveSplitting() { return naiveSplitting; }
    /** @param v whether messages split at the window's end */
    public void setNaiveSplitting(@Nullable Boolean v) { naiveSplitting = v; }
    /** @return the tail-fragment wait, null for the library's default */
    public @Nullable Duration getTailWait() { return tailWait; }
    /** @param v the tail-fragment wait */
    public void setTailWait(@Nullable Duration v) { tailWait = v; }
    /** @return the SEQ delay, null for the library's default */
    public @Nullable Duration getSeqDelay() { return seqDelay; }
    /** @param v the SEQ delay */
    public void setSeqDelay(@Nullable Duration v) { seqDelay = v; }
}
