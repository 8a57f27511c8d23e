package io.beepkit.core.sasl;

import io.beepkit.api.security.ScramCredentials;
import io.beepkit.core.LogText;

import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import javax.security.sasl.SaslException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;

/**
 * The SCRAM client (RFC 5802 §3, RFC 7677): client-first with a random nonce, client-final with the proof, then the
 * server's signature checked in constant time; the exchange completes only when it matches. Without channel binding
 * (gs2 flag {@code n}: this client does not support it). A listener asking for fewer than
 * {@link ScramCredentials#MIN_ITERATIONS} or more than {@link ScramCredentials#MAX_ITERATIONS} iterations is refused
 * before any PBKDF2 work.
 */
final class ScramClient implements SaslClient {
    private final ScramAlgorithm algorithm;
    private final String mechanism;
    private final String user;
    private final String authzid;
    private final String clientNonce;
    private char[] password;
    private String gs2Header;
    private String clientFirstBare;
    private byte[] expectedServerSignature;
    private int stage;
    private boolean complete;

    /**
     * @param authzid the authorization identity to ask for, or null
     * @param nonce   the client nonce, or null for a fresh random one (tests fix it to replay RFC vectors)
     */
    ScramClient(ScramAlgorithm algorithm, String mechanism, String user, char[] password, String authzid,
                String nonce) {
        this.algorithm = algorithm;
        this.mechanism = mechanism;
        this.user = user;
        this.password = password.clone();
        this.authzid = authzid == null || authzid.isEmpty() ? null : authzid;
        this.clientNonce = nonce != null ? nonce : ScramMessages.nonce();
    }

    @Override
    public String getMechanismName() {
        return mechanism;
    }

    @Override
    public boolean hasInitialResponse() {
        return true;
    }

    @Override
    public byte[] evaluateChallenge(byte[] challenge) throws SaslException {
        try {
            switch (stage++) {
                case 0:
                    return clientFirst();
                case 1:
                    return clientFinal(ScramMessages.utf8(challenge));
                case 2:
                    serverFinal(ScramMessages.utf8(challenge));
                    return new byte[0];
                default:
                    throw new SaslException(mechanism + " has no more steps");
            }
        } catch (SaslException | RuntimeException e) {
            dispose();
            throw e;
        }
    }

    private byte[] clientFirst() throws SaslException {
        String prepared;
        try {
            prepared = SaslPrep.prepare(user);
        } catch (IllegalArgumentException e) {
            throw new SaslException("user name: " + e.getMessage());
        }
        gs2Header = "n," + (authzid == null ? "" : "a=" + ScramMessages.escape(authzid)) + ",";
        clientFirstBare = "n=" + ScramMessages.escape(prepared) + ",r=" + clientNonce;
        return ScramMessages.utf8(gs2Header + clientFirstBare);
    }

    private byte[] clientFinal(String serverFirst) throws SaslException {
        List<ScramMessages.Attribute> attrs = ScramMessages.parse(serverFirst);
        if (!attrs.isEmpty() && attrs.get(0).name() == 'm') {
            throw new SaslException("the listener requires an extension this client does not know (m=)");
        }
        String nonce = ScramMessages.require(attrs, 0, 'r');
        if (!nonce.startsWith(clientNonce) || nonce.length() == clientNonce.length()
                || !ScramMessages.printable(nonce)) {
            throw new SaslException("the listener's nonce does not extend ours");
        }
        byte[] salt = ScramMessages.base64(ScramMessages.require(attrs, 1, 's'), "salt");
        if (salt.length == 0) {
            throw new SaslException("the listener sent an empty salt");
        }
        int iterations = iterations(ScramMessages.require(attrs, 2, 'i'));
        char[] prepared;
        try {
            prepared = SaslPrep.prepare(password);
        } catch (IllegalArgumentException e) {
            throw new SaslException("password: " + e.getMessage());
        }
        byte[] salted = algorithm.saltedPassword(prepared, salt, iterations);
        Arrays.fill(prepared, '\0');
        String withoutProof = "c=" + ScramMessages.base64(ScramMessages.utf8(gs2Header)) + ",r=" + nonce;
        byte[] authMessage = ScramMessages.utf8(clientFirstBare + "," + serverFirst + "," + withoutProof);
        byte[] clientKey = algorithm.clientKey(salted);
        byte[] proof = ScramAlgorithm.xor(clientKey, algorithm.hmac(algorithm.h(clientKey), authMessage));
        expectedServerSignature = algorithm.hmac(algorithm.serverKey(salted), authMessage);
        Arrays.fill(salted, (byte) 0);
        Arrays.fill(clientKey, (byte) 0);
        clearPassword();
        return ScramMessages.utf8(withoutProof + ",p=" + ScramMessages.base64(proof));
    }

    /** The iteration count, refused outside the bounds before any work is done. */
    private static int iterations(String value) throws SaslException {
        int i;
        try {
            i = value.length() > 10 ? Integer.MAX_VALUE : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new SaslException("the listener's iteration count is not a number");
        }
        if (i < ScramCredentials.MIN_ITERATIONS || i > ScramCredentials.MAX_ITERATIONS) {
            throw new SaslException("the listener asks for " + LogText.escape(value, 12) + " iterations; this client"
                    + " accepts " + ScramCredentials.MIN_ITERATIONS + ".." + ScramCredentials.MAX_ITERATIONS);
        }
        return i;
    }

    private void serverFinal(String serverFinal) throws SaslException {
        List<ScramMessages.Attribute> attrs = ScramMessages.parse(serverFinal);
        if (attrs.get(0).name() == 'e') {
            throw new SaslException("the listener reported e=" + LogText.escape(attrs.get(0).value(), 64));
        }
        byte[] signature = ScramMessages.base64(ScramMessages.require(attrs, 0, 'v'), "server signature");
        if (!MessageDigest.isEqual(signature, expectedServerSignature)) {
            throw new SaslException("the listener's signature is wrong: it does not know the credentials");
        }
        complete = true;
    }

    @Override
    public boolean isComplete() {
        return complete;
    }

    @Override
    public byte[] unwrap(byte[] incoming, int offset, int len) {
        throw new IllegalStateException(mechanism + " has no security layer");
    }

    @Override
    public byte[] wrap(byte[] outgoing, int offset, int len) {
        throw new IllegalStateException(mechanism + " has no security layer");
    }

    @Override
    public Object getNegotiatedProperty(String propName) {
        return Sasl.QOP.equals(propName) ? "auth" : null;
    }

    @Override
    public void dispose() {
        clearPassword();
    }

    private void clearPassword() {
        if (password != null) {
            Arrays.fill(password, '\0');
            password = null;
        }
    }
}
