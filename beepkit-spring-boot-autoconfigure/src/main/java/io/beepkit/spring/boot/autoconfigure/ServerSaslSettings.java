package io.beepkit.spring.boot.autoconfigure;

import java.util.List;

/**
 * SASL for the listener ({@code beep.server.sasl.*}). The listener offers SASL when the application defines a
 * {@code SaslAuthenticator} bean, which checks every attempt's credentials; these properties choose what it offers.
 */
public class ServerSaslSettings {
    /**
     * The SASL mechanisms offered, by IANA name (SCRAM-SHA-256, SCRAM-SHA-1, PLAIN, CRAM-MD5, DIGEST-MD5, ANONYMOUS,
     * EXTERNAL; any case); unset for the password mechanisms PLAIN, CRAM-MD5 and DIGEST-MD5. SCRAM (recommended; the
     * authenticator then answers {@code scramCredentials}), ANONYMOUS and EXTERNAL are offered only when listed.
     */
    private List<String> mechanisms;
    /** Whether PLAIN may run on a session without TLS, where the password crosses in clear (refused with 538 else). */
    private boolean allowPlainWithoutTls = false;

    /** @return the mechanisms' names, or null for the default */
    public List<String> getMechanisms() { return mechanisms; }
    /** @param mechanisms the mechanisms' names */
    public void setMechanisms(List<String> mechanisms) { this.mechanisms = mechanisms; }
    /** @return whether PLAIN is allowed without TLS */
    public boolean isAllowPlainWithoutTls() { return allowPlainWithoutTls; }
    /** @param allowPlainWithoutTls whether PLAIN is allowed without TLS */
    public void setAllowPlainWithoutTls(boolean allowPlainWithoutTls) {
        this.allowPlainWithoutTls = allowPlainWithoutTls;
    }
}
