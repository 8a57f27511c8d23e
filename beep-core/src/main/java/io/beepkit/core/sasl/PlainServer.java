package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslAuthenticator;

import javax.security.sasl.AuthenticationException;
import javax.security.sasl.SaslException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The PLAIN server (RFC 4616): {@code [authzid] NUL authcid NUL passwd} in UTF-8, each part at most 255 octets. The
 * password is decoded into a char array handed to {@link SaslAuthenticator#verifyPassword} and cleared after.
 */
final class PlainServer extends ClientFirstServer {
    private static final int MAX_PART = 255;
    private final SaslAuthenticator authenticator;

    PlainServer(SaslAuthenticator authenticator) {
        super("PLAIN", false);
        this.authenticator = authenticator;
    }

    @Override
    String[] judge(byte[] message) throws SaslException {
        try {
            int first = indexOf(message, 0);
            int second = first < 0 ? -1 : indexOf(message, first + 1);
            if (first < 0 || second < 0 || indexOf(message, second + 1) >= 0) {
                throw new SaslException("PLAIN message is not authzid NUL authcid NUL passwd");
            }
            String authzid = utf8(message, 0, first);
            String authcid = utf8(message, first + 1, second);
            int passwordLength = message.length - second - 1;
            if (authcid.isEmpty() || passwordLength == 0) {
                throw new SaslException("PLAIN message has an empty user name or password");
            }
            if (first > MAX_PART || second - first - 1 > MAX_PART || passwordLength > MAX_PART) {
                throw new SaslException("PLAIN message part longer than 255 octets");
            }
            char[] password = chars(message, second + 1, message.length);
            try {
                if (!authenticator.verifyPassword(authcid, password)) {
                    throw new AuthenticationException("wrong password or unknown user");
                }
            } finally {
                Arrays.fill(password, '\0');
            }
            return new String[]{authcid, Identities.authorize(authenticator, authcid, authzid)};
        } finally {
            Arrays.fill(message, (byte) 0);
        }
    }

    private static int indexOf(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    private static String utf8(byte[] b, int from, int to) throws SaslException {
        return CharBuffer.wrap(chars(b, from, to)).toString();
    }

    private static char[] chars(byte[] b, int from, int to) throws SaslException {
        try {
            CharBuffer decoded = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, from, to - from));
            char[] out = new char[decoded.remaining()];
            decoded.get(out);
            Arrays.fill(decoded.array(), '\0');
            return out;
        } catch (CharacterCodingException e) {
            throw new SaslException("PLAIN message is not valid UTF-8");
        }
    }
}
