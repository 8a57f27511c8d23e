package io.beepkit.api;

import org.jspecify.annotations.Nullable;

/** How a {@link ProfileHandler} answers the peer's request to close one of its channels (RFC 3080 §2.3.1.3). */
public final class CloseDecision {
    private static final CloseDecision ACCEPT = new CloseDecision(true, 0, null);

    private final boolean accepted;
    private final int code;
    private final @Nullable String diagnostic;

    private CloseDecision(boolean accepted, int code, @Nullable String diagnostic) {
        this.accepted = accepted;
        this.code = code;
        this.diagnostic = diagnostic;
    }

    /** Let the channel close: {@code <ok/>} goes out once every reply on it has left. */
    public static CloseDecision accept() {
        return ACCEPT;
    }

    /**
     * Keep the channel open and answer the request with ERR: {@code code} (550 if unsure) and a diagnostic (null or
     * empty for none).
     */
    public static CloseDecision refuse(int code, @Nullable String diagnostic) {
        if (code < 100 || code > 999) {
            throw new IllegalArgumentException("error code must have three digits: " + code);
        }
        return new CloseDecision(false, code, diagnostic);
    }

    /** True if the close goes ahead. */
    public boolean accepted() {
        return accepted;
    }

    /** The ERR reply code of a refused close, 0 when accepted. */
    public int code() {
        return code;
    }

    /** The ERR diagnostic of a refused close; null when accepted, or when refused without one. */
    public @Nullable String diagnostic() {
        return diagnostic;
    }
}
