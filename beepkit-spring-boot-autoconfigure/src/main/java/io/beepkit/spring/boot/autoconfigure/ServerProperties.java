package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepServer;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

import java.time.Duration;

/**
 * The listener ({@code beep.server.*}): its address, its shutdown, its TLS and SASL, its own limits and its session
 * settings on top of {@code beep.session.*}.
 */
public class ServerProperties {
    /** Whether to start a BEEP listener with the application context. */
    private boolean enabled = true;
    /** The address to listen on; by default the library's, BeepServer.DEFAULT_HOST (loopback only). */
    private String host = BeepServer.DEFAULT_HOST;
    /**
     * The TCP port to listen on (0 picks a free one, published as local.beep.server.port); by default the library's,
     * BeepServer.DEFAULT_PORT.
     */
    private int port = BeepServer.DEFAULT_PORT;
    /**
     * How long the context's shutdown waits for sessions to be released gracefully before closing them; by default
     * the library's, BeepServer.DEFAULT_CLOSE_GRACE.
     */
    private Duration shutdownTimeout = BeepServer.DEFAULT_CLOSE_GRACE;
    /** Whether to offer the echo and sink profiles besides the application's. */
    private boolean defaultProfiles = true;
    /**
     * Whether every connection starts with a PROXY protocol header (v1 or v2) from a balancer, whose client address
     * becomes the session's peer; only behind a balancer that always sends one.
     */
    private boolean proxyProtocol = false;
    @NestedConfigurationProperty
    private final ServerSslSettings ssl = new ServerSslSettings();
    @NestedConfigurationProperty
    private final ServerSaslSettings sasl = new ServerSaslSettings();
    @NestedConfigurationProperty
    private final ListenerLimitsProperties limits = new ListenerLimitsProperties();
    @NestedConfigurationProperty
    private final SessionProperties session = new SessionProperties();

    /** @return whether the listener starts */
    public boolean isEnabled() { return enabled; }
    /** @param v whether the listener starts */
    public void setEnabled(boolean v) { enabled = v; }
    /** @return the address to listen on */
    public String getHost() { return host; }
    /** @param v the address to listen on */
    public void setHost(String v) { host = v; }
    /** @return the TCP port */
    public int getPort() { return port; }
    /** @param v the TCP port, 0 for a free one */
    public void setPort(int v) { port = v; }
    /** @return the graceful-release timeout at shutdown */
    public Duration getShutdownTimeout() { return shutdownTimeout; }
    /** @param v the graceful-release timeout at shutdown */
    public void setShutdownTimeout(Duration v) { shutdownTimeout = v; }
    /** @return whether echo and sink are offered */
    public boolean isDefaultProfiles() { return defaultProfiles; }
    /** @param v whether echo and sink are offered */
    public void setDefaultProfiles(boolean v) { defaultProfiles = v; }
    /** @return whether a PROXY protocol header is expected before every greeting */
    public boolean isProxyProtocol() { return proxyProtocol; }
    /** @param v whether a PROXY protocol header is expected before every greeting */
    public void setProxyProtocol(boolean v) { proxyProtocol = v; }
    /** @return TLS from a Spring Boot SSL bundle ({@code beep.server.ssl.*}) */
    public ServerSslSettings getSsl() { return ssl; }
    /** @return what SASL offers when a {@code SaslAuthenticator} bean exists ({@code beep.server.sasl.*}) */
    public ServerSaslSettings getSasl() { return sasl; }
    /** @return the limits over all the listener's sessions ({@code beep.server.limits.*}) */
    public ListenerLimitsProperties getLimits() { return limits; }
    /** @return the listener's session settings over {@code beep.session.*} ({@code beep.server.session.*}) */
    public SessionProperties getSession() { return session; }
}
