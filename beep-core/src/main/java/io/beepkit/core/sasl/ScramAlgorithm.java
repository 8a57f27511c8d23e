package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslMechanism;

import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

/**
 * The hash functions of one SCRAM mechanism (RFC 5802 §2.2) from the JDK's own providers: {@code H}, {@code HMAC}
 * and {@code Hi} (PBKDF2 with HMAC, one block), and the keys derived from them.
 */
public enum ScramAlgorithm {
    /** SCRAM-SHA-1 (RFC 5802). */
    SHA_1("SHA-1", "HmacSHA1", "PBKDF2WithHmacSHA1", 20),
    /** SCRAM-SHA-256 (RFC 7677). */
    SHA_256("SHA-256", "HmacSHA256", "PBKDF2WithHmacSHA256", 32);

    private final String digest;
    private final String hmac;
    private final String pbkdf2;
    private final int length;

    ScramAlgorithm(String digest, String hmac, String pbkdf2, int length) {
        this.digest = digest;
        this.hmac = hmac;
        this.pbkdf2 = pbkdf2;
        this.length = length;
    }

    /** The algorithm of {@code mechanism}, which must be a SCRAM mechanism. */
    public static ScramAlgorithm of(SaslMechanism mechanism) {
        return switch (mechanism.saslName()) {
            case "SCRAM-SHA-1" -> SHA_1;
            case "SCRAM-SHA-256" -> SHA_256;
            default -> throw new IllegalArgumentException(mechanism.saslName() + " is not a SCRAM mechanism");
        };
    }

    /** The output length of H in octets. */
    public int length() {
        return length;
    }

    /** H(data). */
    public byte[] h(byte[] data) {
        try {
            return MessageDigest.getInstance(digest).digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(digest + " is missing from this JVM", e);
        }
    }

    /** HMAC(key, data). */
    public byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance(hmac);
            mac.init(new SecretKeySpec(key, hmac));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(hmac + " is missing from this JVM", e);
        }
    }

    /**
     * Hi(password, salt, i), the SaltedPassword. The JDK's PBKDF2 encodes the characters as UTF-8, which is what
     * RFC 5802 asks of the normalized password.
     *
     * @param normalizedPassword the password after SASLprep; not cleared here
     */
    public byte[] saltedPassword(char[] normalizedPassword, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(normalizedPassword, salt, iterations, length * 8);
        try {
            return SecretKeyFactory.getInstance(pbkdf2).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(pbkdf2 + " is missing from this JVM", e);
        } finally {
            spec.clearPassword();
        }
    }

    /** ClientKey = HMAC(SaltedPassword, "Client Key"). */
    public byte[] clientKey(byte[] saltedPassword) {
        return hmac(saltedPassword, "Client Key".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    /** ServerKey = HMAC(SaltedPassword, "Server Key"). */
    public byte[] serverKey(byte[] saltedPassword) {
        return hmac(saltedPassword, "Server Key".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    /** a XOR b, equal lengths. */
    static byte[] xor(byte[] a, byte[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("lengths differ: " + a.length + " and " + b.length);
        }
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }
}
