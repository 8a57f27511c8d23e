package io.beepkit.netty.tls;

import io.beepkit.netty.internal.tls.SecureCipherFilter;
import io.beepkit.netty.internal.tls.ClientTlsContext;
import io.beepkit.netty.internal.tls.ServerTlsContext;
import io.beepkit.test.TestPki;
import io.netty.handler.ssl.SslProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import javax.net.ssl.X509KeyManager;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link TlsConfig} defaults, its refusals, and key and trust material from every source. */
class TlsConfigTest {
    @TempDir
    static Path dir;
    static TestPki ca;
    static TestPki.Issued server;

    @BeforeAll
    static void pki() throws Exception {
        ca = TestPki.create("config test CA");
        server = ca.server("localhost", "localhost");
    }

    @Test
    void defaultsAreTls13And12JvmTrustNoClientAuthHostnameCheckAndTenSeconds() {
        TlsConfig c = TlsConfig.builder().build();
        assertEquals(List.of("TLSv1.3", "TLSv1.2"), c.protocols());
        assertNull(c.cipherSuites());
        assertEquals(TlsProvider.AUTO, c.provider());
        assertEquals(ClientAuthentication.NONE, c.clientAuth());
        assertNull(c.trust().trustManagerFactory(), "the JVM default trust store");
        assertTrue(c.verifyHostname());
        assertEquals(Duration.ofSeconds(10), c.handshakeTimeout());
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.1", "TLSv1", "SSLv3", "SSLv2Hello", "tlsv1.3"})
    void olderProtocolsAreRefusedByName(String protocol) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsConfig.builder().protocols("TLSv1.3", protocol));
        assertTrue(e.getMessage().contains(protocol), e.getMessage());
    }

    @Test
    void badValuesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> TlsConfig.builder().handshakeTimeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> TlsConfig.builder().protocols());
        assertThrows(IllegalArgumentException.class, () -> TlsConfig.builder().cipherSuites(List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> TlsConfig.builder().sniKeyMaterial(" ", server.material()));
        IllegalArgumentException noKey = assertThrows(IllegalArgumentException.class,
                () -> ServerTlsContext.create(TlsConfig.builder().build()));
        assertTrue(noKey.getMessage().contains("keyMaterial"), noKey.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLS_DH_anon_WITH_AES_128_GCM_SHA256", "TLS_ECDH_anon_WITH_AES_128_CBC_SHA",
            "TLS_RSA_WITH_NULL_SHA256", "TLS_ECDHE_ECDSA_WITH_NULL_SHA", "SSL_RSA_EXPORT_WITH_RC4_40_MD5",
            "TLS_ECDHE_RSA_WITH_RC4_128_SHA", "SSL_RSA_WITH_DES_CBC_SHA", "TLS_RSA_WITH_3DES_EDE_CBC_SHA",
            "ADH-AES128-SHA", "EXP-RC4-MD5", "NULL-SHA256", "TLS_EMPTY_RENEGOTIATION_INFO_SCSV"})
    void weakSuitesAreAlwaysFiltered(String suite) {
        assertTrue(SecureCipherFilter.isWeak(suite), suite);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLS_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256"})
    void strongSuitesPass(String suite) {
        assertFalse(SecureCipherFilter.isWeak(suite), suite);
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void requestedWeakSuitesAreDroppedAndAnAllWeakListIsRefused(TlsProvider p) {
        ServerTlsContext ctx = ServerTlsContext.create(TlsConfig.builder().provider(p).keyMaterial(server.material())
                .cipherSuites(List.of("TLS_DH_anon_WITH_AES_128_GCM_SHA256", "TLS_AES_128_GCM_SHA256",
                        "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"))
                .build());
        assertEquals(List.of("TLS_AES_128_GCM_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"),
                ctx.defaultContext().cipherSuites());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServerTlsContext.create(TlsConfig.builder().provider(p).keyMaterial(server.material())
                        .cipherSuites(List.of("TLS_DH_anon_WITH_AES_128_GCM_SHA256", "TLS_RSA_WITH_NULL_SHA256"))
                        .build()));
        assertTrue(e.getMessage().contains("no acceptable cipher suite"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void defaultSuitesContainNothingWeak(TlsProvider p) {
        List<String> suites = ServerTlsContext.create(TlsConfig.builder().provider(p).keyMaterial(server.material())
                        .build())
                .defaultContext().cipherSuites();
        assertFalse(suites.isEmpty());
        for (String s : suites) {
            assertFalse(SecureCipherFilter.isWeak(s), s);
        }
        assertEquals(p == TlsProvider.JDK ? SslProvider.JDK : SslProvider.OPENSSL,
                ClientTlsContext.create(TlsConfig.builder().provider(p).build()).provider());
    }

    @Test
    void pemChainAndPkcs8KeyLoad() throws Exception {
        Path cert = TestPki.writeCertificates(dir.resolve("server.pem"), server.chain());
        Path key = TestPki.writeKey(dir.resolve("server.key"), server.key());
        assertServes(KeyMaterial.fromPem(cert, key, null));
    }

    @Test
    void encryptedPkcs8KeyNeedsTheRightPassword() throws Exception {
        Path cert = TestPki.writeCertificates(dir.resolve("enc.pem"), server.chain());
        Path key = TestPki.writeEncryptedKey(dir.resolve("enc.key"), server.key(), "s3cret".toCharArray());
        assertServes(KeyMaterial.fromPem(cert, key, "s3cret".toCharArray()));
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> KeyMaterial.fromPem(cert, key, "nope".toCharArray()));
        assertTrue(wrong.getMessage().contains(key.toString()), wrong.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> KeyMaterial.fromPem(cert, key, null));
        assertTrue(none.getMessage().contains("encrypted"), none.getMessage());
    }

    @Test
    void keyThatDoesNotMatchTheCertificateIsRefusedOrUnusable() throws Exception {
        Path cert = TestPki.writeCertificates(dir.resolve("mismatch.pem"), server.chain());
        Path otherKey = TestPki.writeKey(dir.resolve("other.key"), TestPki.keyPair().getPrivate());
        // The JDK's PKCS#12 store accepts any key with any chain; the handshake would then fail. The material is
        // still created, so this documents that a mismatch is found at the first handshake, not here.
        KeyMaterial m = KeyMaterial.fromPem(cert, otherKey, null);
        assertTrue(m.toString().contains("mismatch.pem"));
    }

    @Test
    void pkcs12KeystoreLoads() throws Exception {
        Path p12 = TestPki.writePkcs12(dir.resolve("server.p12"), server, "changeit".toCharArray());
        assertServes(KeyMaterial.fromPkcs12(p12, "changeit".toCharArray()));
        assertThrows(IllegalArgumentException.class, () -> KeyMaterial.fromPkcs12(p12, "wrong".toCharArray()));
    }

    @Test
    void pemTrustLoads() throws Exception {
        Path caPem = TestPki.writeCertificates(dir.resolve("ca.pem"), List.of(ca.caCertificate()));
        TrustMaterial t = TrustMaterial.fromPem(caPem);
        assertFalse(t.isInsecure());
        assertTrue(t.toString().contains("ca.pem"));
        assertTrue(TrustMaterial.insecureTrustAll().isInsecure());
    }

    @Test
    void unreadableFilesAreNamedInTheError() throws Exception {
        Path missing = dir.resolve("missing.pem");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TrustMaterial.fromPem(missing));
        assertTrue(e.getMessage().contains("missing.pem"), e.getMessage());
        Path garbage = Files.writeString(dir.resolve("garbage.pem"), "not a certificate");
        assertThrows(IllegalArgumentException.class, () -> TrustMaterial.fromPem(garbage));
        Path rsa1 = Files.writeString(dir.resolve("pkcs1.key"),
                "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        IllegalArgumentException pkcs1 = assertThrows(IllegalArgumentException.class,
                () -> KeyMaterial.fromPem(TestPki.writeCertificates(dir.resolve("c.pem"), server.chain()), rsa1, null));
        assertTrue(pkcs1.getMessage().contains("PKCS#8"), pkcs1.getMessage());
    }

    private static void assertServes(KeyMaterial material) {
        X509KeyManager km = (X509KeyManager) material.keyManagerFactory().getKeyManagers()[0];
        String alias = km.chooseServerAlias("EC", null, null);
        X509Certificate[] chain = km.getCertificateChain(alias);
        assertEquals(server.certificate(), chain[0]);
        assertEquals(server.key(), km.getPrivateKey(alias));
    }
}
