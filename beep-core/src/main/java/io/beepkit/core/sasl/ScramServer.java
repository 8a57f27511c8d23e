package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.ScramCredentials;

import javax.security.sasl.AuthenticationException;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;

/**
 * The SCRAM server (RFC 5802 §3, RFC 7677) over stored credentials ({@link SaslAuthenticator#scramCredentials}):
 * server-first with the salt and iteration count, the client's proof checked in constant time against
 * {@code StoredKey}, and the server signature in the final message. An unknown user gets made-up credentials (a salt
 * that is stable per name, random keys) and fails at the proof as a wrong password does: same messages, same work.
 * Channel binding is not offered: gs2 flags {@code n} and {@code y} are accepted, {@code p} refused.
 */
final class ScramServer implements SaslServer {
    private static final byte[] DUMMY_SALT_KEY = new byte[32];

    static {
        new SecureRandom().nextBytes(DUMMY_SALT_KEY);
    }

    private final ScramAlgorithm algorithm;
    private final SaslMechanism mechanism;
    private final SaslAuthenticator authenticator;
    private final String serverNonce;
    private String user;
    private String authzid;
    private String authorizationId;
    private String gs2Header;
    private String clientFirstBare;
    private String serverFirst;
    private String nonce;
    private ScramCredentials credentials;
    private boolean known;
    private boolean askedForFirst;
    private int stage;
    private boolean complete;

    /** @param nonce the server's part of the nonce, or null for a fresh random one (tests fix it) */
    ScramServer(SaslMechanism mechanism, SaslAuthenticator authenticator, String nonce) {
        this.algorithm = ScramAlgorithm.of(mechanism);
        this.mechanism = mechanism;
        this.authenticator = authenticator;
        this.serverNonce = nonce != null ? nonce : ScramMessages.nonce();
    }

    @Override
    public String getMechanismName() {
        return mechanism.saslName();
    }

    @Override
    public byte[] evaluateResponse(byte[] response) throws SaslException {
        if (complete || stage > 1) {
            throw new IllegalStateException(mechanism.saslName() + " exchange is already over");
        }
        if (stage == 0 && response.length == 0 && !askedForFirst) {
            // RFC 4422 section 5: no initial response, so an empty challenge asks for it.
            askedForFirst = true;
            return new byte[0];
        }
        try {
            return stage++ == 0 ? serverFirst(ScramMessages.utf8(response))
                    : serverFinal(ScramMessages.utf8(response));
        } catch (SaslException | RuntimeException e) {
            stage = 2;
            throw e;
        }
    }

    private byte[] serverFirst(String clientFirst) throws SaslException {
        int first = clientFirst.indexOf(',');
        int second = first < 0 ? -1 : clientFirst.indexOf(',', first + 1);
        if (second < 0) {
            throw new SaslException("SCRAM client-first lacks the gs2 header");
        }
        String flag = clientFirst.substring(0, first);
        if (flag.startsWith("p=")) {
            throw new SaslException("channel-binding-not-supported: this listener offers no -PLUS mechanism");
        }
        if (!flag.equals("n") && !flag.equals("y")) {
            throw new SaslException("SCRAM gs2 channel binding flag is not n, y or p=");
        }
        String authzPart = clientFirst.substring(first + 1, second);
        if (!authzPart.isEmpty()) {
            if (!authzPart.startsWith("a=")) {
                throw new SaslException("SCRAM gs2 header authzid is not a=saslname");
            }
            authzid = ScramMessages.unescape(authzPart.substring(2));
        }
        gs2Header = clientFirst.substring(0, second + 1);
        clientFirstBare = clientFirst.substring(second + 1);
        List<ScramMessages.Attribute> attrs = ScramMessages.parse(clientFirstBare);
        if (attrs.get(0).name() == 'm') {
            throw new SaslException("SCRAM mandatory extension (m=) not supported");
        }
        user = ScramMessages.unescape(ScramMessages.require(attrs, 0, 'n'));
        String clientNonce = ScramMessages.require(attrs, 1, 'r');
        if (!ScramMessages.printable(clientNonce)) {
            throw new SaslException("SCRAM client nonce is empty or not printable");
        }
        credentials = authenticator.scramCredentials(user, mechanism);
        known = credentials != null;
        if (!known) {
            credentials = dummy(user);
        }
        nonce = clientNonce + serverNonce;
        serverFirst = "r=" + nonce + ",s=" + ScramMessages.base64(credentials.salt()) + ",i="
                + credentials.iterations();
        return ScramMessages.utf8(serverFirst);
    }

    private byte[] serverFinal(String clientFinal) throws SaslException {
        int proofAt = clientFinal.lastIndexOf(",p=");
        if (proofAt < 0) {
            throw new SaslException("SCRAM client-final lacks the proof");
        }
        String withoutProof = clientFinal.substring(0, proofAt);
        List<ScramMessages.Attribute> attrs = ScramMessages.parse(withoutProof);
        byte[] binding = ScramMessages.base64(ScramMessages.require(attrs, 0, 'c'), "channel binding");
        if (!MessageDigest.isEqual(binding, ScramMessages.utf8(gs2Header))) {
            throw new SaslException("SCRAM channel binding data does not repeat the gs2 header");
        }
        if (!ScramMessages.require(attrs, 1, 'r').equals(nonce)) {
            throw new SaslException("SCRAM client-final nonce differs from the one agreed");
        }
        byte[] proof = ScramMessages.base64(clientFinal.substring(proofAt + 3), "proof");
        if (proof.length != algorithm.length()) {
            throw new SaslException("SCRAM proof has the wrong length");
        }
        byte[] authMessage = ScramMessages.utf8(clientFirstBare + "," + serverFirst + "," + withoutProof);
        byte[] storedKey = credentials.storedKey();
        byte[] clientKey = ScramAlgorithm.xor(proof, algorithm.hmac(storedKey, authMessage));
        boolean match = MessageDigest.isEqual(algorithm.h(clientKey), storedKey);
        Arrays.fill(clientKey, (byte) 0);
        if (!match || !known) {
            throw new AuthenticationException("wrong password or unknown user");
        }
        authorizationId = Identities.authorize(authenticator, user, authzid);
        complete = true;
        return ScramMessages.utf8("v=" + ScramMessages.base64(algorithm.hmac(credentials.serverKey(), authMessage)));
    }

    /** Made-up credentials for an unknown user: the same salt for the same name, so probing repeats it. */
    private ScramCredentials dummy(String name) {
        byte[] salt = Arrays.copyOf(ScramAlgorithm.SHA_256.hmac(DUMMY_SALT_KEY, ScramMessages.utf8(name)), 16);
        byte[] key = new byte[algorithm.length()];
        new SecureRandom().nextBytes(key);
        return ScramCredentials.of(salt, ScramCredentials.MIN_ITERATIONS, key, key);
    }

    /** The user name the client gave, or null before its first message. */
    String user() {
        return user;
    }

    /** The authenticated identity, once complete. */
    String authenticationId() {
        requireComplete();
        return user;
    }

    @Override
    public boolean isComplete() {
        return complete;
    }

    @Override
    public String getAuthorizationID() {
        requireComplete();
        return authorizationId;
    }

    @Override
    public byte[] unwrap(byte[] incoming, int offset, int len) {
        throw new IllegalStateException(mechanism.saslName() + " has no security layer");
    }

    @Override
    public byte[] wrap(byte[] outgoing, int offset, int len) {
        throw new IllegalStateException(mechanism.saslName() + " has no security layer");
    }

    @Override
    public Object getNegotiatedProperty(String propName) {
        requireComplete();
        return Sasl.QOP.equals(propName) ? "auth" : null;
    }

    @Override
    public void dispose() {
        credentials = null;
    }

    private void requireComplete() {
        if (!complete) {
            throw new IllegalStateException(mechanism.saslName() + " exchange is not complete");
        }
    }
}
