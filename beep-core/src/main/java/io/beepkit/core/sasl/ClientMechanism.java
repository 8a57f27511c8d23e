package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.RealmCallback;
import javax.security.sasl.RealmChoiceCallback;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import javax.security.sasl.SaslException;
import java.util.Arrays;
import java.util.Map;

/**
 * Creates the client side of a mechanism: the JDK's for PLAIN, EXTERNAL, CRAM-MD5 and DIGEST-MD5, ours for ANONYMOUS
 * and SCRAM.
 */
final class ClientMechanism {
    private static final String SERVICE = "beep";

    private ClientMechanism() {
    }

    /**
     * @param serverName the host the client believes it talks to (DIGEST-MD5's digest-uri), or null for
     *                   {@code localhost}
     */
    static SaslClient create(SaslMechanism mechanism, SaslCredentials credentials, String serverName)
            throws SaslException {
        if (mechanism == SaslMechanism.ANONYMOUS) {
            return new AnonymousClient(credentials.trace());
        }
        if (mechanism != SaslMechanism.EXTERNAL && (credentials.user() == null || credentials.password() == null)) {
            throw new SaslException(mechanism.saslName() + " needs a user name and password");
        }
        if (mechanism == SaslMechanism.SCRAM_SHA_1 || mechanism == SaslMechanism.SCRAM_SHA_256) {
            char[] password = credentials.password();
            try {
                return new ScramClient(ScramAlgorithm.of(mechanism), mechanism.saslName(), credentials.user(),
                        password, credentials.authorizationId(), null);
            } finally {
                Arrays.fill(password, '\0');
            }
        }
        // CRAM-MD5 carries no authorization identity; the JDK refuses one.
        String authzid = mechanism == SaslMechanism.CRAM_MD5 ? null : credentials.authorizationId();
        SaslClient client = Sasl.createSaslClient(new String[]{mechanism.saslName()}, authzid, SERVICE,
                serverName == null ? "localhost" : serverName, Map.of(Sasl.QOP, "auth"), new Callbacks(credentials));
        if (client == null) {
            throw new SaslException("this JVM provides no " + mechanism.saslName() + " client");
        }
        return client;
    }

    /** Answers the JDK mechanisms' questions from the credentials. */
    private static final class Callbacks implements CallbackHandler {
        private final SaslCredentials credentials;

        Callbacks(SaslCredentials credentials) {
            this.credentials = credentials;
        }

        @Override
        public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
            for (Callback cb : callbacks) {
                if (cb instanceof NameCallback nc) {
                    nc.setName(credentials.user());
                } else if (cb instanceof PasswordCallback pc) {
                    char[] password = credentials.password();
                    pc.setPassword(password);
                    Arrays.fill(password, '\0');
                } else if (cb instanceof RealmChoiceCallback rcc) {
                    int index = 0;
                    String[] choices = rcc.getChoices();
                    for (int i = 0; i < choices.length; i++) {
                        if (choices[i].equals(credentials.realm())) {
                            index = i;
                        }
                    }
                    rcc.setSelectedIndex(index);
                } else if (cb instanceof RealmCallback rc) {
                    rc.setText(credentials.realm() != null ? credentials.realm() : rc.getDefaultText());
                } else {
                    throw new UnsupportedCallbackException(cb);
                }
            }
        }
    }
}
