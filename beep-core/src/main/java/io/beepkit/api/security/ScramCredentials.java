package io.beepkit.api.security;

import io.beepkit.core.sasl.SaslPrep;
import io.beepkit.core.sasl.ScramAlgorithm;

import java.security.SecureRandom;
import java.util.Arrays;

/**
 * What a listener stores for a SCRAM user (RFC 5802 §3): the salt, the iteration count, {@code StoredKey} and
 * {@code ServerKey}, never the password. {@link SaslAuthenticator#scramCredentials} hands them to the exchange. They
 * are specific to one hash: SCRAM-SHA-1 and SCRAM-SHA-256 credentials of the same password differ. Arrays are
 * copied in and out.
 */
public final class ScramCredentials {
    /** The fewest iterations accepted (RFC 7677 §4: at least 4096), and the default of {@link #fromPassword}. */
    public static final int MIN_ITERATIONS = 4096;
    /**
     * The most iterations accepted: an initiator refuses a listener asking for more, so that a hostile listener
     * cannot make it spend long on PBKDF2.
     */
    public static final int MAX_ITERATIONS = 600_000;
    private static final int SALT_OCTETS = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] salt;
    private final int iterations;
    private final byte[] storedKey;
    private final byte[] serverKey;

    private ScramCredentials(byte[] salt, int iterations, byte[] storedKey, byte[] serverKey) {
        this.salt = salt;
        this.iterations = iterations;
        this.storedKey = storedKey;
        this.serverKey = serverKey;
    }

    /**
     * Credentials as stored.
     *
     * @throws IllegalArgumentException if the salt is empty, the iteration count is outside
     *                                  {@link #MIN_ITERATIONS}..{@link #MAX_ITERATIONS}, or the keys are empty or of
     *                                  different lengths
     */
    public static ScramCredentials of(byte[] salt, int iterations, byte[] storedKey, byte[] serverKey) {
        if (salt.length == 0) {
            throw new IllegalArgumentException("salt must not be empty");
        }
        checkIterations(iterations);
        if (storedKey.length == 0 || storedKey.length != serverKey.length) {
            throw new IllegalArgumentException("StoredKey and ServerKey must be non-empty and of equal length");
        }
        return new ScramCredentials(salt.clone(), iterations, storedKey.clone(), serverKey.clone());
    }

    /**
     * Derives the credentials of {@code password} for {@code mechanism} (SCRAM-SHA-1 or SCRAM-SHA-256) with a fresh
     * random salt of 16 octets and {@link #MIN_ITERATIONS} iterations: for tools and tests that turn a password
     * into what a store keeps. The password goes through SASLprep first; it is not cleared.
     *
     * @throws IllegalArgumentException if {@code mechanism} is not SCRAM or the password fails SASLprep
     */
    public static ScramCredentials fromPassword(SaslMechanism mechanism, char[] password) {
        byte[] salt = new byte[SALT_OCTETS];
        RANDOM.nextBytes(salt);
        return fromPassword(mechanism, password, salt, MIN_ITERATIONS);
    }

    /**
     * Derives the credentials of {@code password} for {@code mechanism} with the given salt and iteration count.
     *
     * @throws IllegalArgumentException if {@code mechanism} is not SCRAM, the password fails SASLprep, the salt is
     *                                  empty or the iteration count is out of bounds
     */
    public static ScramCredentials fromPassword(SaslMechanism mechanism, char[] password, byte[] salt,
                                                int iterations) {
        ScramAlgorithm algorithm = ScramAlgorithm.of(mechanism);
        checkIterations(iterations);
        if (salt.length == 0) {
            throw new IllegalArgumentException("salt must not be empty");
        }
        char[] prepared = SaslPrep.prepare(password);
        byte[] salted = algorithm.saltedPassword(prepared, salt, iterations);
        Arrays.fill(prepared, '\0');
        byte[] clientKey = algorithm.clientKey(salted);
        ScramCredentials c = new ScramCredentials(salt.clone(), iterations, algorithm.h(clientKey),
                algorithm.serverKey(salted));
        Arrays.fill(salted, (byte) 0);
        Arrays.fill(clientKey, (byte) 0);
        return c;
    }

    private static void checkIterations(int iterations) {
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            throw new IllegalArgumentException("iteration count must be within " + MIN_ITERATIONS + ".."
                    + MAX_ITERATIONS + ": " + iterations);
        }
    }

    /** The salt (a copy). */
    public byte[] salt() {
        return salt.clone();
    }

    /** The iteration count. */
    public int iterations() {
        return iterations;
    }

    /** StoredKey = H(ClientKey) (a copy). */
    public byte[] storedKey() {
        return storedKey.clone();
    }

    /** ServerKey = HMAC(SaltedPassword, "Server Key") (a copy). */
    public byte[] serverKey() {
        return serverKey.clone();
    }

    /** Names the iteration count and salt length only. */
    @Override
    public String toString() {
        return "ScramCredentials[iterations=" + iterations + ", salt=" + salt.length + " octets]";
    }
}
