package io.beepkit.api;

import org.jspecify.annotations.Nullable;

/**
 * The peer answered with an error: an ERR reply to a message, or an {@code <error>} to a channel-management request
 * (start refused, close refused). Carries the three-digit reply code of RFC 3080 §8 and the peer's diagnostic text.
 */
public class BeepErrorException extends BeepException {
    private final int code;
    private final String diagnostic;

    /**
     * An ERR with a three-digit reply code (RFC 3080 §8) and the peer's diagnostic text (empty or null when it gave
     * none; {@link #diagnostic()} is then empty).
     */
    public BeepErrorException(int code, @Nullable String diagnostic) {
        super("peer error " + code + (diagnostic == null || diagnostic.isEmpty() ? "" : ": " + diagnostic));
        this.code = code;
        this.diagnostic = diagnostic == null ? "" : diagnostic;
    }

    /** The reply code, for example 550 (requested action not taken) or 554 (transaction failed). */
    public int code() {
        return code;
    }

    /** The peer's text, possibly empty. */
    public String diagnostic() {
        return diagnostic;
    }
}
