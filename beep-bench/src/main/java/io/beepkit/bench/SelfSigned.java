package io.beepkit.bench;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/** A self-signed EC P-256 certificate for {@code localhost}, made at start-up for the TLS benchmarks. */
final class SelfSigned {
    final KeyPair keys;
    final X509Certificate certificate;

    private SelfSigned(KeyPair keys, X509Certificate certificate) {
        this.keys = keys;
        this.certificate = certificate;
    }

    static SelfSigned localhost() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"));
            KeyPair keys = g.generateKeyPair();
            X500Name name = new X500Name("CN=localhost,O=beepkit bench");
            Instant now = Instant.now();
            JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(now.toEpochMilli()),
                    Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(1))), name,
                    keys.getPublic());
            b.addExtension(Extension.subjectAlternativeName, false,
                    new GeneralNames(new GeneralName(GeneralName.dNSName, "localhost")));
            X509Certificate cert = new JcaX509CertificateConverter().getCertificate(
                    b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate())));
            return new SelfSigned(keys, cert);
        } catch (Exception e) {
            throw new IllegalStateException("cannot make the benchmark's certificate: " + e, e);
        }
    }
}
