package io.beepkit.spring.boot.autoconfigure;

import java.time.Duration;

/**
 * How the session engine schedules its work ({@code beep.session.*}), for the listener and the client. The defaults
 * equal {@code BeepConfig}'s; {@code docs/architecture.md} explains both settings.
 */
public class SessionSettings {
    /**
     * How long a due SEQ may wait to leave with the reply or MSG that follows it on its channel (one TCP segment
     * instead of two); 0 sends every SEQ at once. At most 200ms, so a peer waiting on its window never waits longer.
     */
    private Duration seqDelay = Duration.ofMillis(5);
    /**
     * Whether application callbacks (profile handlers, reply listeners, future completions) run on the event loop
     * instead of the callback executor: saves two thread hops per exchange, but only for code that never blocks.
     */
    private boolean directCallbacks = false;

    /** @return the SEQ delay */
    public Duration getSeqDelay() {
        return seqDelay;
    }

    /** @param seqDelay the SEQ delay, 0..200ms */
    public void setSeqDelay(Duration seqDelay) {
        this.seqDelay = seqDelay;
    }

    /** @return whether callbacks run on the event loop */
    public boolean isDirectCallbacks() {
        return directCallbacks;
    }

    /** @param directCallbacks whether callbacks run on the event loop */
    public void setDirectCallbacks(boolean directCallbacks) {
        this.directCallbacks = directCallbacks;
    }
}
