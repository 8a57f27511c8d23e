package io.beepkit.test;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileHandler;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.ListenerSecurity;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.tls.TlsConfig;
import org.jspecify.annotations.Nullable;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A JUnit 5 extension that runs a {@link BeepServer} on 127.0.0.1 and a free port, serving the profiles the test
 * gives it, and opens client sessions to it. Register it with {@code @RegisterExtension}:
 *
 * <pre>{@code
 * @RegisterExtension
 * static BeepListenerExtension listener = BeepListenerExtension.builder()
 *         .profile("urn:example:greeting", new GreetingHandler())
 *         .build();
 *
 * @Test
 * void answers() throws Exception {
 *     BeepChannel channel = listener.openSession().startChannel("urn:example:greeting").get(10, SECONDS);
 *     assertEquals("hello", channel.send(MimeEntity.of("hi")).get(10, SECONDS).entity().bodyText());
 * }
 * }</pre>
 *
 * <p>In a static field one listener serves every test of the class: it starts before all of them and closes after
 * all of them. In an instance field each test gets a listener of its own. When it closes, the sessions opened with
 * {@link #openSession()} are released first, then the listener closes with a grace period of 5 seconds for the
 * others. Like {@link BeepServer}, the listener serves the echo and sink profiles of
 * {@link io.beepkit.core.profiles.StandardProfiles} unless {@link Builder#noDefaultProfiles()}.
 *
 * <p>Not meant for tests that run in parallel on the same instance.
 */
public final class BeepListenerExtension extends ScopedExtension {
    /** The address the listener binds. */
    public static final String HOST = "127.0.0.1";

    private final Builder settings;
    private volatile @Nullable BeepServer server;
    private volatile @Nullable ClientSessions clients;

    private BeepListenerExtension(Builder settings) {
        this.settings = settings;
    }

    /** A builder; {@code builder().build()} serves the echo and sink profiles with the default configuration. */
    public static Builder builder() {
        return new Builder();
    }

    /** The running listener (to read its sessions, for instance). */
    public BeepServer server() {
        requireOpen("server");
        return Objects.requireNonNull(server);
    }

    /** The port the listener is bound to, a free one chosen when it started. */
    public int port() {
        return server().port();
    }

    /** The address the listener is bound to: 127.0.0.1 and {@link #port()}. */
    public InetSocketAddress address() {
        return server().localAddress();
    }

    /**
     * The client {@link #openSession()} connects with, built on first use with the builder's
     * {@link Builder#client(Consumer)} settings; it is closed with the listener.
     */
    public synchronized BeepClient client() {
        requireOpen("client");
        ClientSessions c = clients;
        if (c == null) {
            BeepClient.Builder b = BeepClient.builder();
            b.resources(settings.resources);
            settings.client.accept(b);
            c = new ClientSessions(b.build(), settings.timeout);
            clients = c;
        }
        return c.client();
    }

    /**
     * Opens a session to the listener with {@link #client()} and waits for the greetings; the session is released
     * when the listener closes. Fails the test, naming the address and the reason, when the session cannot be
     * opened within the builder's {@link Builder#timeout(Duration) timeout}. To test a refused connection, use
     * {@code client().connect(...)} instead, which reports the failure in its future.
     */
    public BeepSession openSession() {
        client();
        return Objects.requireNonNull(clients).open(HOST, port());
    }

    @Override
    void open() throws Exception {
        BeepServer.Builder b = BeepServer.builder().bind(HOST, 0);
        if (settings.session != null) {
            b.session(settings.session);
        }
        if (settings.tuning != null) {
            b.tuning(settings.tuning);
        }
        if (settings.limits != null) {
            b.limits(settings.limits);
        }
        if (settings.security != null) {
            b.security(settings.security);
        }
        if (settings.tls != null) {
            b.tls(settings.tls);
        }
        b.resources(settings.resources);
        if (settings.noDefaultProfiles) {
            b.noDefaultProfiles();
        }
        settings.profiles.forEach(b::profile);
        settings.server.accept(b);
        BeepServer s = b.build();
        try {
            server = s.start().get(settings.timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            s.close(Duration.ZERO);
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IllegalStateException(name() + " could not start a listener on " + HOST + ": "
                    + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            s.close(Duration.ZERO);
            throw new IllegalStateException(name() + ": the listener did not start within " + settings.timeout, e);
        }
    }

    @Override
    void close() {
        ClientSessions c = clients;
        clients = null;
        BeepServer s = server;
        server = null;
        try {
            if (c != null) {
                c.close();
            }
        } finally {
            if (s != null) {
                s.close();
            }
        }
    }

    @Override
    String name() {
        return "BeepListenerExtension";
    }

    /**
     * Settings of a {@link BeepListenerExtension}, each a setting of {@link BeepServer.Builder} of the same name; the
     * builder composes them in any order, and {@link #server} comes last, so it can change any of them.
     */
    public static final class Builder {
        private @Nullable SessionConfig session;
        private @Nullable SocketTuning tuning;
        private @Nullable ListenerLimits limits;
        private @Nullable ListenerSecurity security;
        private @Nullable BeepResources resources;
        private @Nullable TlsConfig tls;
        private boolean noDefaultProfiles;
        private final Map<String, ProfileHandler> profiles = new LinkedHashMap<>();
        private Consumer<BeepServer.Builder> server = b -> { };
        private Consumer<BeepClient.Builder> client = b -> { };
        private Duration timeout = Duration.ofSeconds(30);

        private Builder() {
        }

        /**
         * Serves {@code handler} (a {@link io.beepkit.api.MessageHandler} or a
         * {@link io.beepkit.api.StreamingHandler}) for the profile {@code uri}, offered in the listener's greeting.
         */
        public Builder profile(String uri, ProfileHandler handler) {
            profiles.put(Objects.requireNonNull(uri, "uri"), Objects.requireNonNull(handler, "handler"));
            return this;
        }

        /** As {@link #profile(String, ProfileHandler)}; lets a lambda {@code (message, responder) -> ...} stand in. */
        public Builder profile(String uri, io.beepkit.api.MessageHandler handler) {
            return profile(uri, (ProfileHandler) handler);
        }

        /** Does not serve the echo and sink profiles the listener serves by default. */
        public Builder noDefaultProfiles() {
            this.noDefaultProfiles = true;
            return this;
        }

        /** The listener's session settings (default: {@link SessionConfig#defaults()}). */
        public Builder session(SessionConfig session) {
            this.session = Objects.requireNonNull(session, "session");
            return this;
        }

        /** The listener's socket and flow tuning (default: {@link SocketTuning#DEFAULT}). */
        public Builder tuning(SocketTuning tuning) {
            this.tuning = Objects.requireNonNull(tuning, "tuning");
            return this;
        }

        /** The listener's limits: sessions in all and per address, memory budget (default: {@link ListenerLimits}'s). */
        public Builder limits(ListenerLimits limits) {
            this.limits = Objects.requireNonNull(limits, "limits");
            return this;
        }

        /** What the listener demands of a session (TLS required, SASL); see {@link ListenerSecurity}. */
        public Builder security(ListenerSecurity security) {
            this.security = Objects.requireNonNull(security, "security");
            return this;
        }

        /**
         * Threads and transport shared by the listener and the client of {@link #openSession()}. The test owns
         * {@code resources} and closes them after the extension (an extension registered before this one, or a
         * {@link TeardownExtension}, does that); without it each makes and closes its own.
         */
        public Builder resources(BeepResources resources) {
            this.resources = Objects.requireNonNull(resources, "resources");
            return this;
        }

        /**
         * Offers TLS with {@code tls}, which must hold the listener's certificate ({@link TestPki} makes one). The
         * client of {@link #openSession()} then needs trust in it, given with {@link #client(Consumer)}.
         */
        public Builder tls(TlsConfig tls) {
            this.tls = Objects.requireNonNull(tls, "tls");
            return this;
        }

        /** Any other setting of the listener ({@code sasl}, {@code tlsRequired()}, {@code onSession}), applied last. */
        public Builder server(Consumer<BeepServer.Builder> customizer) {
            this.server = Objects.requireNonNull(customizer, "customizer");
            return this;
        }

        /** Settings of the client that {@link #openSession()} connects with (TLS trust, SASL, its own profiles). */
        public Builder client(Consumer<BeepClient.Builder> customizer) {
            this.client = Objects.requireNonNull(customizer, "customizer");
            return this;
        }

        /**
         * How long to wait for the listener to start, for a session to open and for sessions to release at the end
         * (default 30 seconds, generous for a busy build machine).
         */
        public Builder timeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive: " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /** The extension, to assign to a field annotated with {@code @RegisterExtension}. */
        public BeepListenerExtension build() {
            return new BeepListenerExtension(this);
        }
    }
}
