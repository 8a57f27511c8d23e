package io.beepkit.netty.tls;

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
 * A certificate authority made at test time (BouncyCastle builds the certificates, the JDK the keys): nothing
 * private is ever committed. EC P-256 keys keep generation fast.
 */
public final class TestPki {
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime());
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A key pair with its certificate chain (leaf first, CA excluded). */
    public record Issued(PrivateKey key, List<X509Certificate> chain) {
        public X509Certificate certificate() {
            return chain.get(0);
        }

        public KeyMaterial material() {
            return KeyMaterial.of(key, chain);
        }
    }

    final String name;
    final KeyPair caKeys;
    /** The CA's certificate. */
    public final X509Certificate caCertificate;

    private TestPki(String name, KeyPair caKeys, X509Certificate caCertificate) {
        this.name = name;
        this.caKeys = caKeys;
        this.caCertificate = caCertificate;
    }

    public static TestPki create(String caName) throws Exception {
        KeyPair keys = keyPair();
        X500Name subject = name("CN=" + caName + ",O=beepkit test");
        X509v3CertificateBuilder b = builder(subject, subject, keys, Duration.ofDays(2))
                .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        return new TestPki(caName, keys, sign(b, keys.getPrivate()));
    }

    /** A server certificate for the host names and IP addresses given. */
    public Issued server(String cn, String... names) throws Exception {
        return issue(cn, KeyPurposeId.id_kp_serverAuth, names);
    }

    /** A client certificate. */
    public Issued client(String cn) throws Exception {
        return issue(cn, KeyPurposeId.id_kp_clientAuth);
    }

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
                alt.add(new GeneralName(n.matches("[0-9.]+") ? GeneralName.iPAddress : GeneralName.dNSName, n));
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

    static KeyPair keyPair() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    // ------------------------------------------------------------------ files

    public static Path writeCertificates(Path file, List<X509Certificate> certs) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (X509Certificate c : certs) {
            sb.append(pem("CERTIFICATE", c.getEncoded()));
        }
        return Files.writeString(file, sb.toString(), StandardCharsets.US_ASCII);
    }

    public static Path writeKey(Path file, PrivateKey key) throws Exception {
        return Files.writeString(file, pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
    }

    /** A PKCS#8 key encrypted with PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC), as {@code openssl pkcs8 -topk8} writes. */
    static Path writeEncryptedKey(Path file, PrivateKey key, char[] password) throws Exception {
        String algorithm = "PBEWithHmacSHA256AndAES_256";
        byte[] salt = new byte[16];
        byte[] iv = new byte[16];
        RANDOM.nextBytes(salt);
        RANDOM.nextBytes(iv);
        Cipher cipher = Cipher.getInstance(algorithm);
        cipher.init(Cipher.ENCRYPT_MODE, SecretKeyFactory.getInstance(algorithm).generateSecret(new PBEKeySpec(password)),
                new PBEParameterSpec(salt, 10_000, new IvParameterSpec(iv)));
        byte[] encrypted = cipher.doFinal(key.getEncoded());
        // Re-read the parameters as generic PBES2 ones: the JDK encodes those under the PBES2 OID.
        AlgorithmParameters pbes2 = AlgorithmParameters.getInstance("PBES2");
        pbes2.init(cipher.getParameters().getEncoded());
        EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(pbes2, encrypted);
        return Files.writeString(file, pem("ENCRYPTED PRIVATE KEY", info.getEncoded()), StandardCharsets.US_ASCII);
    }

    static Path writePkcs12(Path file, Issued issued, char[] password) throws Exception {
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
