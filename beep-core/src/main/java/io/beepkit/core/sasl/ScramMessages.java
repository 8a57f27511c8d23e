package io.beepkit.core.sasl;

import javax.security.sasl.SaslException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The syntax of SCRAM messages (RFC 5802 §7): comma-separated {@code letter=value} attributes, saslname escaping
 * ({@code =2C} for a comma, {@code =3D} for an equals sign), printable nonces and base64. Errors name the rule broken,
 * never a value.
 */
final class ScramMessages {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int NONCE_OCTETS = 18;

    private ScramMessages() {
    }

    /** One attribute of a message. */
    record Attribute(char name, String value) {
    }

    /** A fresh nonce: 18 random octets as base64 (printable, never a comma). */
    static String nonce() {
        byte[] b = new byte[NONCE_OCTETS];
        RANDOM.nextBytes(b);
        return Base64.getEncoder().encodeToString(b);
    }

    /** {@code name} as a saslname (RFC 5802 §5.1). */
    static String escape(String name) {
        return name.replace("=", "=3D").replace(",", "=2C");
    }

    /** A saslname back to the name; only {@code =2C} and {@code =3D} may follow an equals sign. */
    static String unescape(String saslname) throws SaslException {
        StringBuilder out = new StringBuilder(saslname.length());
        for (int i = 0; i < saslname.length(); i++) {
            char c = saslname.charAt(i);
            if (c == ',') {
                throw new SaslException("SCRAM saslname contains an unescaped comma");
            }
            if (c != '=') {
                out.append(c);
            } else if (saslname.startsWith("=2C", i)) {
                out.append(',');
                i += 2;
            } else if (saslname.startsWith("=3D", i)) {
                out.append('=');
                i += 2;
            } else {
                throw new SaslException("SCRAM saslname has '=' not followed by 2C or 3D");
            }
        }
        if (out.length() == 0) {
            throw new SaslException("SCRAM user name is empty");
        }
        return out.toString();
    }

    /** The attributes of {@code message}, in order; each is one ASCII letter, '=' and a value. */
    static List<Attribute> parse(String message) throws SaslException {
        List<Attribute> out = new ArrayList<>();
        for (String part : message.split(",", -1)) {
            if (part.length() < 2 || part.charAt(1) != '=' || !isLetter(part.charAt(0))) {
                throw new SaslException("SCRAM message attribute is not letter=value");
            }
            out.add(new Attribute(part.charAt(0), part.substring(2)));
        }
        return out;
    }

    /** The value of the attribute at {@code index}, which must be named {@code name}. */
    static String require(List<Attribute> attributes, int index, char name) throws SaslException {
        if (index >= attributes.size() || attributes.get(index).name() != name) {
            throw new SaslException("SCRAM message lacks '" + name + "=' at position " + (index + 1));
        }
        return attributes.get(index).value();
    }

    /** True if every character of a nonce is printable ASCII other than a comma (RFC 5802 §7). */
    static boolean printable(String nonce) {
        if (nonce.isEmpty()) {
            return false;
        }
        for (int i = 0; i < nonce.length(); i++) {
            char c = nonce.charAt(i);
            if (c < 0x21 || c > 0x7E || c == ',') {
                return false;
            }
        }
        return true;
    }

    /** Strict base64 (no line breaks, padding as the alphabet requires). */
    static byte[] base64(String text, String what) throws SaslException {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new SaslException("SCRAM " + what + " is not valid base64");
        }
    }

    /** The octets as base64. */
    static String base64(byte[] octets) {
        return Base64.getEncoder().encodeToString(octets);
    }

    /** The message as UTF-8 text; malformed UTF-8 is refused. */
    static String utf8(byte[] message) throws SaslException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(message)).toString();
        } catch (CharacterCodingException e) {
            throw new SaslException("SCRAM message is not valid UTF-8");
        }
    }

    /** The text as UTF-8. */
    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
