package io.beepkit.spring.boot.autoconfigure;

/**
 * TLS for the listener ({@code beep.server.ssl.*}): the Spring Boot SSL bundle holding its certificate and key, and
 * whether every session must secure itself before anything else.
 */
public class ServerSslSettings {
    /**
     * The name of the Spring Boot SSL bundle (spring.ssl.bundle.pem.NAME or spring.ssl.bundle.jks.NAME) whose key
     * store holds the listener's certificate and private key; unset for no TLS. Its trust store is used to verify
     * client certificates, its enabled-protocols and ciphers options restrict the handshake.
     */
    private String bundle;
    /**
     * Whether the listener offers only TLS until a session is secured and refuses every other profile's start with
     * 538 before that. Needs beep.server.ssl.bundle.
     */
    private boolean required = false;
    /**
     * Whether the listener asks clients for a certificate, verified with the bundle's trust store: none, want (asked
     * for, a client without one is still accepted) or need (a client without a valid one fails the handshake).
     */
    private ClientAuth clientAuth = ClientAuth.NONE;

    /** Whether a TLS listener asks its clients for a certificate, as Spring Boot's {@code server.ssl.client-auth}. */
    public enum ClientAuth {
        /** No client certificate is asked for. */
        NONE,
        /** A certificate is asked for; a client without one is still accepted. */
        WANT,
        /** A valid certificate is required. */
        NEED
    }

    /** @return the SSL bundle's name, or null for no TLS */
    public String getBundle() { return bundle; }
    /** @param bundle the SSL bundle's name */
    public void setBundle(String bundle) { this.bundle = bundle; }
    /** @return whether TLS is required before any other profile */
    public boolean isRequired() { return required; }
    /** @param required whether TLS is required before any other profile */
    public void setRequired(boolean required) { this.required = required; }
    /** @return whether clients are asked for a certificate */
    public ClientAuth getClientAuth() { return clientAuth; }
    /** @param clientAuth whether clients are asked for a certificate */
    public void setClientAuth(ClientAuth clientAuth) { this.clientAuth = clientAuth; }
}
