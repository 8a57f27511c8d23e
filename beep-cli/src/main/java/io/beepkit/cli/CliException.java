package io.beepkit.cli;

/** Ends a command with an exit code and a one-line message for standard error. */
final class CliException extends RuntimeException {
    private final int exitCode;

    CliException(int exitCode, String message) {
        super(oneLine(message));
        this.exitCode = exitCode;
    }

    CliException(int exitCode, String message, Throwable cause) {
        super(oneLine(message), cause);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }

    /** Collapses line breaks so every error is exactly one line. */
    static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        // Peer text may hold anything: line breaks become spaces, other control characters '?'.
        return s.replaceAll("\\s*[\\r\\n]+\\s*", " ").replaceAll("[\\p{Cntrl}&&[^\\t]]", "?").trim();
    }
}
