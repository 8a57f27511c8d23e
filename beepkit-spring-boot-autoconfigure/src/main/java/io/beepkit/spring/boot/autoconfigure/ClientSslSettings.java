package io.beepkit.spring.boot.autoconfigure;

/**
 * TLS for a client ({@code beep.clients.<name>.ssl.*}): the Spring Boot SSL bundle it trusts listeners
 * (and optionally presents a client certificate) with, and whether it secures each session on connect.
 */
public class ClientSslSettings {
    /**
     * The name of the Spring Boot SSL bundle (spring.ssl.bundle.pem.NAME or spring.ssl.bundle.jks.NAME) whose trust
     * store verifies the listener's certificate (the JVM's trust store when it has none) and whose key store, if any,
     * holds a client certificate; unset for no TLS. Its enabled-protocols and ciphers options restrict the handshake.
     */
    private String bundle;
    /**
     * Whether the client asks for TLS at once on every connect; connect() then completes with the secured session.
     * Without it the application calls BeepSession.startTls(). Needs beep.clients.NAME.ssl.bundle.
     */
    private boolean onConnect = false;

    /** @return the SSL bundle's name, or null for no TLS */
    public String getBundle() { return bundle; }
    /** @param bundle the SSL bundle's name */
    public void setBundle(String bundle) { this.bundle = bundle; }
    /** @return whether TLS starts on connect */
    public boolean isOnConnect() { return onConnect; }
    /** @param onConnect whether TLS starts on connect */
    public void setOnConnect(boolean onConnect) { this.onConnect = onConnect; }
}
