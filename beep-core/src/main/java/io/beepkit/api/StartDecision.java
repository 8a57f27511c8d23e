package io.beepkit.api;

import org.jspecify.annotations.Nullable;

/** How a {@link ProfileHandler} answers a start request. */
public final class StartDecision {
    private static final StartDecision ACCEPT = new StartDecision(true, null, 0, null);

    private final boolean accepted;
    private final @Nullable String replyData;
    private final int code;
    private final @Nullable String diagnostic;

    private StartDecision(boolean accepted, @Nullable String replyData, int code, @Nullable String diagnostic) {
        this.accepted = accepted;
        this.replyData = replyData;
        this.code = code;
        this.diagnostic = diagnostic;
    }

    /** Accept the channel. */
    public static StartDecision accept() {
        return ACCEPT;
    }

    /** Accept and piggyback {@code replyData} in the {@code <profile>} reply. */
    public static StartDecision accept(String replyData) {
        return new StartDecision(true, replyData, 0, null);
    }

    /** Refuse with an error code (550 if unsure) and a diagnostic (null or empty for none). */
    public static StartDecision refuse(int code, @Nullable String diagnostic) {
        if (code < 100 || code > 999) {
            throw new IllegalArgumentException("error code must have three digits: " + code);
        }
        return new StartDecision(false, null, code, diagnostic);
    }

    /** True if the channel is accepted. */
    public boolean accepted() {
        return accepted;
    }

    /** Init data to piggyback in the {@code <profile>} reply, or null for none. */
    public @Nullable String replyData() {
        return replyData;
    }

    /** The ERR reply code of a refusal, 0 when accepted. */
    public int code() {
        return code;
    }

    /** The ERR diagnostic of a refusal; null when accepted, or when refused without one. */
    public @Nullable String diagnostic() {
        return diagnostic;
    }
}
