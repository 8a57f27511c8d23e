package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Objects;

/**
 * How one exchange is sent: the options every {@link MessageSender} send method takes. Immutable; built with
 * {@link #builder()}, or {@link #deadline(Duration)} for the common case. {@link #DEFAULT} sets nothing, so each
 * option takes the session's default.
 */
public final class SendOptions {
    /** No option set: the session's defaults apply. */
    public static final SendOptions DEFAULT = new SendOptions(builder());

    private final @Nullable Duration deadline;

    private SendOptions(Builder b) {
        this.deadline = b.deadline;
    }

    /** Options with only a deadline: how long the whole reply may take from the send call. */
    public static SendOptions deadline(Duration deadline) {
        return builder().deadline(deadline).build();
    }

    /** A builder with nothing set. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options. */
    public Builder toBuilder() {
        return new Builder().deadline(deadline);
    }

    /**
     * How long the whole reply may take from the send call (see {@link MessageSender} for what a missed deadline
     * gives up), or null for the session's default deadline (none unless the session sets one).
     */
    public @Nullable Duration deadline() {
        return deadline;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof SendOptions other && Objects.equals(deadline, other.deadline);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(deadline);
    }

    @Override
    public String toString() {
        return "SendOptions[deadline=" + deadline + "]";
    }

    /** Builds {@link SendOptions}; not thread-safe. */
    public static final class Builder {
        private @Nullable Duration deadline;

        private Builder() {
        }

        /**
         * How long the whole reply may take from the send call; null (the default) for the session's default.
         *
         * @throws IllegalArgumentException if {@code deadline} is zero or negative
         */
        public Builder deadline(@Nullable Duration deadline) {
            if (deadline != null && (deadline.isNegative() || deadline.isZero())) {
                throw new IllegalArgumentException("deadline must be positive, or null for the session's default: "
                        + deadline);
            }
            this.deadline = deadline;
            return this;
        }

        /** The options. */
        public SendOptions build() {
            return new SendOptions(this);
        }
    }
}
