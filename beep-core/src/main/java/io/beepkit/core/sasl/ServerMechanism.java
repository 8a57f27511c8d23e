package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.TlsSessionInfo;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.AuthorizeCallback;
import javax.security.sasl.RealmCallback;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A server mechanism ready for one exchange: the {@link SaslServer} (the JDK's for CRAM-MD5 and DIGEST-MD5, ours for
 * the rest, SCRAM included) and a way to learn the authentication identity once it completes, which
 * {@link SaslServer} alone does not tell.
 */
final class ServerMechanism {
    private static final String SERVICE = "beep";
    private static final String DIGEST_REALM = "com.sun.security.sasl.digest.realm";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SaslServer server;
    private final Callbacks callbacks;

    private ServerMechanism(SaslServer server, Callbacks callbacks) {
        this.server = server;
        this.callbacks = callbacks;
    }

    /**
     * Creates the server side of {@code mechanism}.
     *
     * @param serverName the start's serverName, or null
     */
    static ServerMechanism create(SaslMechanism mechanism, SaslListenerConfig config, Optional<TlsSessionInfo> tls,
                                  String serverName) throws SaslException {
        SaslAuthenticator auth = config.authenticator();
        switch (mechanism) {
            case PLAIN:
                return new ServerMechanism(new PlainServer(auth), null);
            case ANONYMOUS:
                return new ServerMechanism(new AnonymousServer(auth), null);
            case EXTERNAL:
                return new ServerMechanism(new ExternalServer(auth, tls), null);
            case SCRAM_SHA_1:
            case SCRAM_SHA_256:
                return new ServerMechanism(new ScramServer(mechanism, auth, null), null);
            default:
                break;
        }
        String host = serverName != null ? serverName : config.serverName();
        Map<String, Object> props = new HashMap<>();
        props.put(Sasl.QOP, "auth");
        Callbacks callbacks = new Callbacks(auth);
        SaslServer server;
        if (mechanism == SaslMechanism.CRAM_MD5) {
            server = Sasl.createSaslServer("CRAM-MD5", SERVICE, host == null ? "localhost" : host, props, callbacks);
        } else {
            String realm = config.realm() != null ? config.realm() : host == null ? "localhost" : host;
            props.put(DIGEST_REALM, realm);
            // A null server name leaves the server unbound: the client's digest-uri may name any host.
            server = Sasl.createSaslServer("DIGEST-MD5", SERVICE, host, props, callbacks);
        }
        if (server == null) {
            throw new SaslException("this JVM provides no " + mechanism.saslName() + " server");
        }
        return new ServerMechanism(server, callbacks);
    }

    /** The mechanism. */
    SaslServer server() {
        return server;
    }

    /** The authentication identity, once the exchange completed. */
    String authenticationId() {
        if (server instanceof ClientFirstServer own) {
            return own.authenticationId();
        }
        if (server instanceof ScramServer scram) {
            return scram.authenticationId();
        }
        return callbacks.user;
    }

    /** The user name the client gave so far (for the log), or null when the mechanism does not tell. */
    String attemptedUser() {
        if (server instanceof ScramServer scram) {
            return scram.user();
        }
        return callbacks == null ? null : callbacks.user;
    }

    /** Answers the JDK mechanisms' questions from the application's {@link SaslAuthenticator}. */
    private static final class Callbacks implements CallbackHandler {
        private final SaslAuthenticator authenticator;
        private String user;
        private String realm;

        Callbacks(SaslAuthenticator authenticator) {
            this.authenticator = authenticator;
        }

        @Override
        public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
            for (Callback cb : callbacks) {
                if (cb instanceof NameCallback nc) {
                    user = nc.getDefaultName();
                    nc.setName(user);
                } else if (cb instanceof RealmCallback rc) {
                    realm = rc.getDefaultText();
                    rc.setText(realm);
                } else if (cb instanceof PasswordCallback pc) {
                    char[] password = user == null ? null : authenticator.password(user, realm);
                    if (password == null) {
                        // An unknown user gets a random password: the proof fails exactly as a wrong one would.
                        password = new char[24];
                        for (int i = 0; i < password.length; i++) {
                            password[i] = (char) ('a' + RANDOM.nextInt(26));
                        }
                    }
                    pc.setPassword(password);
                    Arrays.fill(password, '\0');
                } else if (cb instanceof AuthorizeCallback ac) {
                    String authcid = ac.getAuthenticationID();
                    String authzid = ac.getAuthorizationID();
                    boolean same = authzid == null || authzid.isEmpty() || authzid.equals(authcid);
                    ac.setAuthorized(same || authenticator.authorize(authcid, authzid));
                    ac.setAuthorizedID(same ? authcid : authzid);
                } else {
                    throw new UnsupportedCallbackException(cb);
                }
            }
        }
    }
}
