package io.beepkit.test;

import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.tls.TlsConfig;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * A JUnit 5 extension that runs a {@link BeepClient} for a test and opens sessions with it, for instance to a listener
 * that the application under test started. Register it with {@code @RegisterExtension}:
 *
 * <pre>{@code
 * @RegisterExtension
 * static BeepClientExtension client = BeepClientExtension.builder()
 *         .target("127.0.0.1", () -> application.beepPort())  // read when the first session opens
 *         .build();
 *
 * @Test
 * void echoes() throws Exception {
 *     BeepChannel channel = client.session().startChannel(StandardProfiles.ECHO).get(10, SECONDS);
 *     ...
 * }
 * }</pre>
 *
 * <p>In a static field the client, and the session {@link #session()} opened, serve every test of the class; in an
 * instance field each test gets its own. When the scope ends, every session the extension opened is asked to release,
 * those still open after the builder's {@link Builder#timeout(Duration) timeout} are ended, and the client is
 * closed.
 *
 * <p>Not meant for tests that run in parallel on the same instance.
 */
public final class BeepClientExtension extends ScopedExtension {
    private final Builder settings;
    private volatile @Nullable ClientSessions clients;
    private volatile @Nullable BeepSession session;

    private BeepClientExtension(Builder settings) {
        this.settings = settings;
    }

    /** A builder, for a client with the default configuration and no target until {@link Builder#target} sets one. */
    public static Builder builder() {
        return new Builder();
    }

    /** A client whose {@link #session()} connects to {@code host:port}. */
    public static BeepClientExtension connectingTo(String host, int port) {
        return builder().target(host, port).build();
    }

    /** The running client. */
    public BeepClient client() {
        requireOpen("client");
        return Objects.requireNonNull(clients).client();
    }

    /**
     * The session to the builder's target: opened, and its greetings awaited, on the first call in the extension's
     * scope, then the same one until the scope ends (a new one if that one has closed in between). Fails the test,
     * naming the address and the reason, when it cannot be opened.
     *
     * @throws IllegalStateException if the builder was given no target
     */
    public synchronized BeepSession session() {
        requireOpen("session");
        if (settings.host == null || settings.port == null) {
            throw new IllegalStateException("BeepClientExtension has no target: give one with"
                    + " builder().target(host, port), or open sessions with connect(host, port)");
        }
        BeepSession s = session;
        if (s == null || !s.isOpen()) {
            s = connect(settings.host, settings.port.getAsInt());
            session = s;
        }
        return s;
    }

    /**
     * Opens another session, to {@code host:port}, and waits for the greetings; it is released when the extension's
     * scope ends. Fails the test, naming the address and the reason, when it cannot be opened. To test a refused
     * connection, use {@code client().connect(...)} instead, which reports the failure in its future.
     */
    public BeepSession connect(String host, int port) {
        requireOpen("session");
        return Objects.requireNonNull(clients).open(host, port);
    }

    @Override
    void open() {
        BeepClient.Builder b = BeepClient.builder();
        if (settings.session != null) {
            b.session(settings.session);
        }
        if (settings.tuning != null) {
            b.tuning(settings.tuning);
        }
        if (settings.security != null) {
            b.security(settings.security);
        }
        b.resources(settings.resources);
        if (settings.tls != null) {
            b.tls(settings.tls);
        }
        settings.client.accept(b);
        clients = new ClientSessions(b.build(), settings.timeout);
    }

    @Override
    void close() {
        ClientSessions c = clients;
        clients = null;
        session = null;
        if (c != null) {
            c.close();
        }
    }

    @Override
    String name() {
        return "BeepClientExtension";
    }

    /**
     * Settings of a {@link BeepClientExtension}, each a setting of {@link BeepClient.Builder} of the same name; the
     * builder composes them in any order, and {@link #client} comes last, so it can change any of them.
     */
    public static final class Builder {
        private @Nullable String host;
        private @Nullable IntSupplier port;
        private @Nullable SessionConfig session;
        private @Nullable SocketTuning tuning;
        private @Nullable InitiatorSecurity security;
        private @Nullable BeepResources resources;
        private @Nullable TlsConfig tls;
        private Consumer<BeepClient.Builder> client = b -> { };
        private Duration timeout = Duration.ofSeconds(30);

        private Builder() {
        }

        /** The listener {@link #session()} connects to. */
        public Builder target(String host, int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port out of range 1..65535: " + port);
            }
            return target(host, () -> port);
        }

        /**
         * The listener {@link #session()} connects to, its port read when the session is opened: for a listener that
         * picks a free port when it starts, such as one started by the test or by a Spring application context.
         */
        public Builder target(String host, IntSupplier port) {
            this.host = Objects.requireNonNull(host, "host");
            this.port = Objects.requireNonNull(port, "port");
            return this;
        }

        /** The client's session settings (default: {@link SessionConfig#defaults()}). */
        public Builder session(SessionConfig session) {
            this.session = Objects.requireNonNull(session, "session");
            return this;
        }

        /** The client's socket and flow tuning (default: {@link SocketTuning#DEFAULT}). */
        public Builder tuning(SocketTuning tuning) {
            this.tuning = Objects.requireNonNull(tuning, "tuning");
            return this;
        }

        /** What the client does on connect (TLS, SASL); see {@link InitiatorSecurity}. */
        public Builder security(InitiatorSecurity security) {
            this.security = Objects.requireNonNull(security, "security");
            return this;
        }

        /**
         * Threads and transport for the client. The test owns {@code resources} and closes them after the extension
         * (a {@link TeardownExtension} does that); without it the client makes and closes its own.
         */
        public Builder resources(BeepResources resources) {
            this.resources = Objects.requireNonNull(resources, "resources");
            return this;
        }

        /**
         * TLS settings (trust in the listener, a client certificate), used when a session asks for TLS; add
         * {@code client(b -> b.tlsOnConnect())} to secure every session before it is handed out.
         */
        public Builder tls(TlsConfig tls) {
            this.tls = Objects.requireNonNull(tls, "tls");
            return this;
        }

        /** Any other setting of the client (TLS or SASL on connect, the profiles it serves), applied last. */
        public Builder client(Consumer<BeepClient.Builder> customizer) {
            this.client = Objects.requireNonNull(customizer, "customizer");
            return this;
        }

        /** How long to wait for a session to open and, at the end, to release (default 30 seconds). */
        public Builder timeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive: " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /** The extension, to assign to a field annotated with {@code @RegisterExtension}. */
        public BeepClientExtension build() {
            return new BeepClientExtension(this);
        }
    }
}
