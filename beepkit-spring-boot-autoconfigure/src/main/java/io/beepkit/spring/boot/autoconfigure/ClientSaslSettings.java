package io.beepkit.spring.boot.autoconfigure;

/**
 * SASL for a client ({@code beep.clients.<name>.sasl.*}): the mechanism and credentials it authenticates
 * with on every connect, after TLS when that starts on connect too. A {@code SaslCredentials} bean replaces the
 * user and password.
 */
public class ClientSaslSettings {
    /**
     * The mechanism to authenticate with on connect (PLAIN, CRAM-MD5, DIGEST-MD5, ANONYMOUS, EXTERNAL; any case);
     * unset for no authentication on connect. PLAIN and EXTERNAL need beep.clients.NAME.ssl.on-connect.
     */
    private String mechanism;
    /** The user name for PLAIN, CRAM-MD5 and DIGEST-MD5; the trace for ANONYMOUS; unset for none. */
    private String user;
    /** The password for PLAIN, CRAM-MD5 and DIGEST-MD5; unset for none. */
    private String password;
    /** Whether PLAIN may run without TLS on connect, the password crossing in clear; by default not. */
    private boolean allowPlainWithoutTls;

    /** @return whether PLAIN may run without TLS on connect */
    public boolean isAllowPlainWithoutTls() { return allowPlainWithoutTls; }
    /** @param v whether PLAIN may run without TLS on connect */
    public void setAllowPlainWithoutTls(boolean v) { allowPlainWithoutTls = v; }

    /** @return the mechanism's name, or null for none */
    public String getMechanism() { return mechanism; }
    /** @param mechanism the mechanism's name */
    public void setMechanism(String mechanism) { this.mechanism = mechanism; }
    /** @return the user name (or ANONYMOUS trace) */
    public String getUser() { return user; }
    /** @param user the user name (or ANONYMOUS trace) */
    public void setUser(String user) { this.user = user; }
    /** @return the password */
    public String getPassword() { return password; }
    /** @param password the password */
    public void setPassword(String password) { this.password = password; }
}
