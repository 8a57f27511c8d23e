package io.beepkit.test;

import io.beepkit.netty.tls.KeyMaterial;
import io.beepkit.netty.tls.TrustMaterial;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.security.auth.x500.X500Principal;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A certificate authority made at test time, and the listener and client certificates it issues, so that a test of
 * TLS needs no key or certificate committed to its repository. BouncyCastle builds the certificates, the JDK makes
 * the keys (EC P-256, quick to generate); the CA is valid for two days, what it issues for one, both from an hour
 * ago so that a clock slightly behind does not reject them.
 *
 * <pre>{@code
 * TestPki pki = TestPki.create("test CA");
 * TestPki.Issued listener = pki.server("localhost", "localhost", "127.0.0.1");
 * TlsConfig listenerTls = TlsConfig.builder().keyMaterial(listener.material()).build();
 * TlsConfig clientTls = TlsConfig.builder().trust(pki.trust()).build();
 * }</pre>
 *
 * <p>For applications configured with files (Spring Boot's SSL bundles, {@code PemFiles}), the {@code write}
 * methods store certificates and keys as PEM or PKCS#12.
 */
public final class TestPki {
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime());
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A private key with its certificate chain, leaf first, the CA excluded. */
    public static final class Issued {
        private final PrivateKey key;
        private final List<X509Certificate> chain;

        private Issued(PrivateKey key, List<X509Certificate> chain) {
            this.key = key;
            this.chain = List.copyOf(chain);
        }

        /** The private key of the certificate. */
        public PrivateKey key() {
            return key;
        }

        /** The certificate chain, leaf first, the CA excluded. */
        public List<X509Certificate> chain() {
            return chain;
        }

        /** The issued (leaf) certificate. */
        public X509Certificate certificate() {
            return chain.get(0);
        }

        /** The key and chain as beepkit's TLS key material, for {@code TlsConfig.Builder.keyMaterial}. */
        public KeyMaterial material() {
            return KeyMaterial.of(key, chain);
        }

        @Override
        public String toString() {
            return "Issued[" + certificate().getSubjectX500Principal() + "]";
        }
    }

    private final String name;
    private final KeyPair caKeys;
    private final X509Certificate caCertificate;

    private TestPki(String name, KeyPair caKeys, X509Certificate caCertificate) {
        this.name = name;
        this.caKeys = caKeys;
        this.caCertificate = caCertificate;
    }

    /**
     * Makes a new certificate authority, its subject {@code CN=<caName>,O=beepkit test}.
     *
     * @throws Exception if the JDK cannot make an EC P-256 key or BouncyCastle cannot sign
     */
    public static TestPki create(String caName) throws Exception {
        KeyPair keys = keyPair();
        X500Name subject = name("CN=" + caName + ",O=beepkit test");
        X509v3CertificateBuilder b = builder(subject, subject, keys, Duration.ofDays(2))
                .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        return new TestPki(caName, keys, sign(b, keys.getPrivate()));
    }

    /**
     * A listener (server) certificate, {@code CN=<cn>}, valid for the host names and IP addresses in {@code names}
     * (its subject alternative names, which clients check); for instance {@code server("localhost", "localhost",
     * "127.0.0.1")}.
     *
     * @throws Exception if the key cannot be made or the certificate cannot be signed
     */
    public Issued server(String cn, String... names) throws Exception {
        return issue(cn, KeyPurposeId.id_kp_serverAuth, names);
    }

    /**
     * A client certificate, {@code CN=<cn>}, for mutual TLS.
     *
     * @throws Exception if the key cannot be made or the certificate cannot be signed
     */
    public Issued client(String cn) throws Exception {
        return issue(cn, KeyPurposeId.id_kp_clientAuth);
    }

    /** The CA's name as given to {@link #create(String)}. */
    public String name() {
        return name;
    }

    /** The CA's self-signed certificate. */
    public X509Certificate caCertificate() {
        return caCertificate;
    }

    /** Trust in this CA alone, for {@code TlsConfig.Builder.trust}: what it issued, and nothing else, is accepted. */
    public TrustMaterial trust() {
        return TrustMaterial.of(List.of(caCertificate));
    }

    private Issued issue(String cn, KeyPurposeId purpose, String... names) throws Exception {
        KeyPair keys = keyPair();
        X500Name issuer = X500Name.getInstance(caCertificate.getSubjectX500Principal().getEncoded());
        X509v3CertificateBuilder b = builder(issuer, name("CN=" + cn + ",O=beepkit test"), keys,
                Duration.ofDays(1))
                .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
        if (names.length > 0) {
            List<GeneralName> alt = new ArrayList<>();
            for (String n : names) {
                boolean ip = n.matches("[0-9.]+") || n.contains(":"); // IPv4 or IPv6 literal
                alt.add(new GeneralName(ip ? GeneralName.iPAddress : GeneralName.dNSName, n));
            }
            b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(alt.toArray(new GeneralName[0])));
        }
        return new Issued(keys.getPrivate(), List.of(sign(b, caKeys.getPrivate())));
    }

    /** The JDK's encoding of {@code dn}, so that the JDK prints it back in the same order. */
    private static X500Name name(String dn) {
        return X500Name.getInstance(new X500Principal(dn).getEncoded());
    }

    private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, KeyPair keys,
                                                    Duration validity) {
        Instant now = Instant.now();
        return new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(SERIAL.incrementAndGet()),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(validity)), subject, keys.getPublic());
    }

    private static X509Certificate sign(X509v3CertificateBuilder b, PrivateKey issuerKey) throws Exception {
        return new JcaX509CertificateConverter().getCertificate(
                b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey)));
    }

    /**
     * A new EC P-256 key pair, certified by nobody (for a test that needs a key that does not match a certificate).
     *
     * @throws Exception if the JDK has no EC P-256 key pair generator
     */
    public static KeyPair keyPair() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    // ------------------------------------------------------------------ files

    /**
     * Writes {@code certs} to {@code file} as PEM, in order, and returns {@code file}.
     *
     * @throws Exception if a certificate cannot be encoded or the file cannot be written
     */
    public static Path writeCertificates(Path file, List<X509Certificate> certs) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (X509Certificate c : certs) {
            sb.append(pem("CERTIFICATE", c.getEncoded()));
        }
        return Files.writeString(file, sb.toString(), StandardCharsets.US_ASCII);
    }

    /**
     * Writes {@code key} to {@code file} as unencrypted PKCS#8 PEM ({@code PRIVATE KEY}) and returns {@code file}.
     *
     * @throws Exception if the file cannot be written
     */
    public static Path writeKey(Path file, PrivateKey key) throws Exception {
        return Files.writeString(file, pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
    }

    /**
     * Writes {@code key} to {@code file} as encrypted PKCS#8 PEM ({@code ENCRYPTED PRIVATE KEY}, PBES2 with
     * PBKDF2-HMAC-SHA256 and AES-256-CBC, as {@code openssl pkcs8 -topk8} writes it) and returns {@code file}.
     *
     * @throws Exception if the key cannot be encrypted or the file cannot be written
     */
    public static Path writeEncryptedKey(Path file, PrivateKey key, char[] password) throws Exception {
        String algorithm = "PBEWithHmacSHA256AndAES_256";
        byte[] salt = new byte[16];
        byte[] iv = new byte[16];
        RANDOM.nextBytes(salt);
        RANDOM.nextBytes(iv);
        Cipher cipher = Cipher.getInstance(algorithm);
        cipher.init(Cipher.ENCRYPT_MODE,
                SecretKeyFactory.getInstance(algorithm).generateSecret(new PBEKeySpec(password)),
                new PBEParameterSpec(salt, 10_000, new IvParameterSpec(iv)));
        byte[] encrypted = cipher.doFinal(key.getEncoded());
        // Re-read the parameters as generic PBES2 ones: the JDK encodes those under the PBES2 OID.
        AlgorithmParameters pbes2 = AlgorithmParameters.getInstance("PBES2");
        pbes2.init(cipher.getParameters().getEncoded());
        EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(pbes2, encrypted);
        return Files.writeString(file, pem("ENCRYPTED PRIVATE KEY", info.getEncoded()), StandardCharsets.US_ASCII);
    }

    /**
     * Writes {@code issued} to {@code file} as a PKCS#12 key store with one entry, alias {@code key}, protected by
     * {@code password}, and returns {@code file}.
     *
     * @throws Exception if the key store cannot be made or the file cannot be written
     */
    public static Path writePkcs12(Path file, Issued issued, char[] password) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("key", issued.key(), password, issued.chain().toArray(new X509Certificate[0]));
        try (OutputStream out = Files.newOutputStream(file)) {
            ks.store(out, password);
        }
        return file;
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[]{'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
