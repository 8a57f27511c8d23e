package io.beepkit.spring;

import io.beepkit.netty.BeepServer;
import io.beepkit.netty.ReconnectPolicy;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Objects;

/**
 * Where a {@link BeepTemplate} sends: the listener's host and port, the profile of calls that name none, how long
 * a call waits for its reply (connect and channel start included) and how its session reconnects. Immutable; made with {@link #builder()}.
 *
 * <pre>{@code
 * TemplateTarget orders = TemplateTarget.builder().host("127.0.0.1").port(10288)
 *         .defaultProfile("urn:example:orders").timeout(Duration.ofSeconds(5)).build();
 * }</pre>
 */
public final class TemplateTarget {
    private final String host;
    private final int port;
    private final @Nullable String defaultProfile;
    private final Duration timeout;
    private final ReconnectPolicy reconnect;

    private TemplateTarget(Builder b) {
        this.host = Objects.requireNonNull(b.host, "host");
        this.port = b.port;
        this.defaultProfile = b.defaultProfile;
        this.timeout = Objects.requireNonNull(b.timeout, "timeout");
        this.reconnect = b.reconnect;
    }

    /** @return a builder with no host, port {@link BeepServer#DEFAULT_PORT} and a 30 s timeout */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the listener's host name or address */
    public String host() {
        return host;
    }

    /** @return the listener's TCP port */
    public int port() {
        return port;
    }

    /** @return the profile URI of calls that name none, or null when every call names its own */
    public @Nullable String defaultProfile() {
        return defaultProfile;
    }

    /** @return how long a call waits for its reply */
    public Duration timeout() {
        return timeout;
    }

    /** @return how the template's session connects again after a loss or a failed attempt */
    public ReconnectPolicy reconnect() {
        return reconnect;
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }

    /** Builds a {@link TemplateTarget}; {@link #host(String)} is required. */
    public static final class Builder {
        private @Nullable String host;
        private int port = BeepServer.DEFAULT_PORT;
        private @Nullable String defaultProfile;
        private Duration timeout = Duration.ofSeconds(30);
        private ReconnectPolicy reconnect = ReconnectPolicy.defaults();

        private Builder() {
        }

        /** @param host the listener's host name or address; required */
        public Builder host(String host) {
            if (host.isBlank()) {
                throw new IllegalArgumentException("host must not be blank");
            }
            this.host = host;
            return this;
        }

        /** @param port the listener's TCP port, 1..65535 (default {@link BeepServer#DEFAULT_PORT}) */
        public Builder port(int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port must be 1..65535, was " + port);
            }
            this.port = port;
            return this;
        }

        /** @param profile the profile URI of calls that name none, or null (default) when every call names one */
        public Builder defaultProfile(@Nullable String profile) {
            this.defaultProfile = profile;
            return this;
        }

        /** @param timeout how long a call waits for its reply, positive (default 30 s) */
        public Builder timeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, was " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /** @param policy how the session connects again (default {@link ReconnectPolicy#defaults()}) */
        public Builder reconnect(ReconnectPolicy policy) {
            this.reconnect = Objects.requireNonNull(policy, "reconnect");
            return this;
        }

        /**
         * @return the target
         * @throws IllegalStateException if no host was given
         */
        public TemplateTarget build() {
            if (host == null) {
                throw new IllegalStateException("a TemplateTarget needs a host");
            }
            return new TemplateTarget(this);
        }
    }
}
