package io.beepkit.netty.tls;

import io.netty.handler.ssl.util.InsecureTrustManagerFactory;

import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * Which certificates to trust for the peer, as a {@link TrustManagerFactory}: the JVM's default trust store, a
 * factory given directly, PEM CA certificates, a PKCS#12 trust store, or (explicitly, for tests and diagnosis only)
 * anything at all.
 */
public final class TrustMaterial {
    private static final TrustMaterial SYSTEM = new TrustMaterial(null, "the JVM's default trust store", false);

    private final TrustManagerFactory factory;
    private final String description;
    private final boolean insecure;

    private TrustMaterial(TrustManagerFactory factory, String description, boolean insecure) {
        this.factory = factory;
        this.description = description;
        this.insecure = insecure;
    }

    /** The JVM's default trust store (the {@code cacerts} of the running JDK, or {@code javax.net.ssl.trustStore}). */
    public static TrustMaterial system() {
        return SYSTEM;
    }

    /** A ready {@link TrustManagerFactory}. */
    public static TrustMaterial of(TrustManagerFactory factory) {
        return new TrustMaterial(Objects.requireNonNull(factory, "factory"), "trust manager factory", false);
    }

    /** Trusts exactly {@code certificates} as anchors. */
    public static TrustMaterial of(List<X509Certificate> certificates) {
        try {
            return new TrustMaterial(factory(certificates), certificates.size() + " trusted certificates", false);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot trust the given certificates: " + e.getMessage(), e);
        }
    }

    /** Trusts the CA certificates of a PEM file. */
    public static TrustMaterial fromPem(Path caCertificates) {
        List<X509Certificate> certs = PemFiles.certificates(caCertificates);
        try {
            return new TrustMaterial(factory(certs), "PEM " + caCertificates, false);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot trust " + caCertificates + ": " + e.getMessage(), e);
        }
    }

    /** Trusts the certificates of a PKCS#12 trust store. */
    public static TrustMaterial fromPkcs12(Path truststore, char[] password) {
        try (InputStream in = Files.newInputStream(truststore)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(ks);
            return new TrustMaterial(tmf, "PKCS#12 " + truststore, false);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read PKCS#12 trust store " + truststore + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * Trusts every certificate without checking. The connection is encrypted but the peer unauthenticated: anyone
     * in the path can impersonate it. For tests and diagnosis only.
     */
    public static TrustMaterial insecureTrustAll() {
        return new TrustMaterial(InsecureTrustManagerFactory.INSTANCE, "no verification (insecure)", true);
    }

    /** The factory, or null for the JVM default. */
    public TrustManagerFactory trustManagerFactory() {
        return factory;
    }

    /** True for {@link #insecureTrustAll()}. */
    public boolean isInsecure() {
        return insecure;
    }

    /** Where the trust comes from. */
    @Override
    public String toString() {
        return description;
    }

    private static TrustManagerFactory factory(List<X509Certificate> certs)
            throws GeneralSecurityException, IOException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        int i = 0;
        for (X509Certificate c : certs) {
            ks.setCertificateEntry("ca" + i++, c);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        return tmf;
    }
}
