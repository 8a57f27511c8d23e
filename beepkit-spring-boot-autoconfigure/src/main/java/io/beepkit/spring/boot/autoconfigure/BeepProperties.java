package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepTemplates;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SocketTuning;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code beep.*} properties: the listener, socket profile, limits, session engine and the client. Every default
 * equals the library's ({@code SessionConfig.defaults()}, {@code SocketTuning.DEFAULT}); socket settings left unset keep
 * the named profile's value. {@link BeepPropertiesValidator} checks every value at binding, naming the property and
 * its range.
 */
@ConfigurationProperties("beep")
public class BeepProperties implements Validator {
    private final Server server = new Server();
    @NestedConfigurationProperty
    private final SocketSettings socket = new SocketSettings();
    @NestedConfigurationProperty
    private final LimitSettings limits = new LimitSettings();
    @NestedConfigurationProperty
    private final SessionSettings session = new SessionSettings();
    @NestedConfigurationProperty
    private final ClientSettings client = new ClientSettings();
    @NestedConfigurationProperty
    private final ResourcesSettings resources = new ResourcesSettings();
    /** Named clients of BeepTemplates (beep.clients.NAME.*), each connecting to one listener; by default none. */
    private final Map<String, NamedClientSettings> clients = new LinkedHashMap<>();

    /** @return the listener's settings ({@code beep.server.*}) */
    public Server getServer() {
        return server;
    }

    /** @return the socket profile and its overrides for the listener and the client ({@code beep.socket.*}) */
    public SocketSettings getSocket() {
        return socket;
    }

    /** @return what a peer may make us hold, and for how long ({@code beep.limits.*}) */
    public LimitSettings getLimits() {
        return limits;
    }

    /** @return how the session engine schedules its work, for the listener and the client ({@code beep.session.*}) */
    public SessionSettings getSession() {
        return session;
    }

    /** @return the {@code BeepClient} bean's settings ({@code beep.client.*}) */
    public ClientSettings getClient() {
        return client;
    }

    /** @return the threads shared by every listener and client ({@code beep.resources.*}) */
    public ResourcesSettings getResources() {
        return resources;
    }

    /** @return the named clients of {@code BeepTemplates} by name ({@code beep.clients.<name>.*}) */
    public Map<String, NamedClientSettings> getClients() {
        return clients;
    }

    @Override
    public boolean supports(Class<?> type) {
        return BeepProperties.class.isAssignableFrom(type);
    }

    @Override
    public void validate(Object target, Errors errors) {
        new BeepPropertiesValidator(errors).validate((BeepProperties) target);
    }

    /** The listener ({@code beep.server.*}). */
    public static class Server {
        /** Whether to start a BEEP listener with the application context. */
        private boolean enabled = true;
        /** The address to listen on. */
        private String host = "127.0.0.1";
        /** The TCP port to listen on (0 picks a free one). */
        private int port = 10288;
        /** How long the context's shutdown waits for sessions to be released gracefully before closing them. */
        private Duration shutdownTimeout = Duration.ofSeconds(5);
        /** Whether to offer the echo and sink profiles besides the application's. */
        private boolean defaultProfiles = true;
        /**
         * Whether every connection starts with a PROXY protocol header (v1 or v2) from a balancer, whose client
         * address becomes the session's peer; only behind a balancer that always sends one.
         */
        private boolean proxyProtocol = false;
        @NestedConfigurationProperty
        private final ServerSslSettings ssl = new ServerSslSettings();
        @NestedConfigurationProperty
        private final ServerSaslSettings sasl = new ServerSaslSettings();

        /** @return whether the listener starts */
        public boolean isEnabled() {
            return enabled;
        }

        /** @param enabled whether the listener starts */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /** @return the address to listen on */
        public String getHost() {
            return host;
        }

        /** @param host the address to listen on */
        public void setHost(String host) {
            this.host = host;
        }

        /** @return the TCP port */
        public int getPort() {
            return port;
        }

        /** @param port the TCP port, 0..65535 */
        public void setPort(int port) {
            this.port = port;
        }

        /** @return the graceful-release timeout at shutdown */
        public Duration getShutdownTimeout() {
            return shutdownTimeout;
        }

        /** @param shutdownTimeout the graceful-release timeout at shutdown */
        public void setShutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
        }

        /** @return whether echo and sink are offered */
        public boolean isDefaultProfiles() {
            return defaultProfiles;
        }

        /** @param defaultProfiles whether echo and sink are offered */
        public void setDefaultProfiles(boolean defaultProfiles) {
            this.defaultProfiles = defaultProfiles;
        }

        /** @return whether a PROXY protocol header is expected before every greeting */
        public boolean isProxyProtocol() {
            return proxyProtocol;
        }

        /** @param proxyProtocol whether a PROXY protocol header is expected before every greeting */
        public void setProxyProtocol(boolean proxyProtocol) {
            this.proxyProtocol = proxyProtocol;
        }

        /** @return TLS from a Spring Boot SSL bundle ({@code beep.server.ssl.*}) */
        public ServerSslSettings getSsl() {
            return ssl;
        }

        /** @return what SASL offers when a {@code SaslAuthenticator} bean exists ({@code beep.server.sasl.*}) */
        public ServerSaslSettings getSasl() {
            return sasl;
        }
    }
}
