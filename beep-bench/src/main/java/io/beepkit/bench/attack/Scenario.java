package io.beepkit.bench.attack;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Named sets of {@link AttackRun} arguments, so a case from an issue or a document can be run again by its name
 * ({@code scenario=NAME}); arguments given explicitly override a scenario's.
 */
enum Scenario {
    /** The default mix: every kind of hostile connection at once (the arguments' own defaults). */
    COMBINED(Map.of()),
    /**
     * The tail beside sessions that never read: 48 of them, each with 1 024 echo channels, each channel sent one
     * 64 KiB MSG into the 64 KiB window the listener grants by default (its echo reply then waits at the listener),
     * nothing else; every 40 s each one leaves and a new one comes. Measures what the fresh session's echo waits
     * while the listener holds, sheds and releases these sessions.
     */
    TAILSTALL(Map.of("sessions", "48", "channels", "1024", "large", "65536", "empty", "0", "silent", "0",
            "half", "0", "huge", "0"));

    private final Map<String, String> defaults;

    Scenario(Map<String, String> defaults) {
        this.defaults = defaults;
    }

    /** The arguments this scenario sets. */
    Map<String, String> defaults() {
        return defaults;
    }

    /** The scenario called {@code name} (case-insensitive). */
    static Scenario named(String name) {
        for (Scenario s : values()) {
            if (s.name().equalsIgnoreCase(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no scenario " + name + "; known: "
                + Arrays.toString(values()).toLowerCase(Locale.ROOT));
    }
}
