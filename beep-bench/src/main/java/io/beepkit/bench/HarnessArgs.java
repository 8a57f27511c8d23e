package io.beepkit.bench;

import java.util.HashMap;
import java.util.Map;

/** The {@code name=value} arguments every harness main method takes. */
public final class HarnessArgs {
    private HarnessArgs() {
    }

    /**
     * The arguments by name; a later one of the same name wins.
     *
     * @throws IllegalArgumentException naming an argument without a name and an {@code =}
     */
    public static Map<String, String> parse(String[] argv) {
        Map<String, String> args = new HashMap<>();
        for (String a : argv) {
            int eq = a.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("expected name=value: " + a);
            }
            args.put(a.substring(0, eq), a.substring(eq + 1));
        }
        return args;
    }
}
