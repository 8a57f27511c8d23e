package io.beepkit.netty.tls;

import javax.net.ssl.KeyManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * A certificate chain and its private key, as a {@link KeyManagerFactory}: given directly, read from PEM files
 * (certificate chain plus PKCS#8 key, encrypted or not) or from a PKCS#12 keystore. Files are read when the material
 * is created, so a missing or malformed file fails early with an exception naming it.
 */
public final class KeyMaterial {
    private final KeyManagerFactory factory;
    private final String description;

    private KeyMaterial(KeyManagerFactory factory, String description) {
        this.factory = factory;
        this.description = description;
    }

    /** Material from a ready {@link KeyManagerFactory} (already initialised). */
    public static KeyMaterial of(KeyManagerFactory factory) {
        return new KeyMaterial(Objects.requireNonNull(factory, "factory"), "key manager factory");
    }

    /** Material from a key and its chain (leaf first). */
    public static KeyMaterial of(PrivateKey key, List<X509Certificate> chain) {
        try {
            return new KeyMaterial(factory(key, chain), "key of " + chain.get(0).getSubjectX500Principal().getName());
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot use the key for " + chain.get(0).getSubjectX500Principal(), e);
        }
    }

    /**
     * Reads a PEM certificate chain (leaf first) and a PEM PKCS#8 private key.
     *
     * @param keyPassword the password of an {@code ENCRYPTED PRIVATE KEY}, or null for a plain one
     * @throws IllegalArgumentException naming the file that could not be read or understood
     */
    public static KeyMaterial fromPem(Path certificateChain, Path privateKey, char[] keyPassword) {
        List<X509Certificate> chain = PemFiles.certificates(certificateChain);
        PrivateKey key = PemFiles.privateKey(privateKey, keyPassword);
        try {
            return new KeyMaterial(factory(key, chain), "PEM " + certificateChain + " + " + privateKey);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("key " + privateKey + " does not fit certificate " + certificateChain
                    + ": " + e.getMessage(), e);
        }
    }

    /** Reads a PKCS#12 keystore whose store and key share {@code password}. */
    public static KeyMaterial fromPkcs12(Path keystore, char[] password) {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password);
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, password);
            return new KeyMaterial(kmf, "PKCS#12 " + keystore);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read PKCS#12 keystore " + keystore + ": " + e.getMessage(), e);
        }
    }

    /** The key manager factory. */
    public KeyManagerFactory keyManagerFactory() {
        return factory;
    }

    /** Where the material came from, for messages (never the key). */
    @Override
    public String toString() {
        return description;
    }

    private static KeyManagerFactory factory(PrivateKey key, List<X509Certificate> chain)
            throws GeneralSecurityException, IOException {
        char[] transientPassword = new char[0];
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("key", key, transientPassword, chain.toArray(new X509Certificate[0]));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, transientPassword);
        return kmf;
    }
}
