package io.beepkit.test;

import io.beepkit.api.BeepSession;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.netty.tls.TlsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** TLS through both extensions with certificates made by {@link TestPki}: the session is secured and echoes. */
class TlsSmokeTest {
    static final TestPki PKI = create();
    static final TestPki.Issued SERVER = issue();

    @RegisterExtension
    static BeepListenerExtension listener = BeepListenerExtension.builder()
            .tls(TlsConfig.builder().keyMaterial(SERVER.material()).build())
            .server(b -> b.tlsRequired())
            .client(b -> b.tls(TlsConfig.builder().trust(PKI.trust()).build()).tlsOnConnect())
            .build();

    @RegisterExtension
    BeepClientExtension client = BeepClientExtension.builder()
            .target(BeepListenerExtension.HOST, () -> listener.port())
            .tls(TlsConfig.builder().trust(PKI.trust()).build())
            .client(b -> b.tlsOnConnect())
            .build();

    static TestPki create() {
        try {
            return TestPki.create("TlsSmokeTest CA");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static TestPki.Issued issue() {
        try {
            return PKI.server("listener", "localhost", "127.0.0.1");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void clientExtensionSecuresItsSessionAndEchoes() throws Exception {
        BeepSession session = client.session();
        TlsSessionInfo tls = session.tls().orElseThrow(() -> new AssertionError("session not secured"));
        assertTrue(tls.peerSubject().orElseThrow().contains("CN=listener"), tls.peerSubject().toString());
        assertEquals("secret", Exchanges.echo(session, "secret"));
    }

    @Test
    void listenerExtensionClientSecuresItsSessionAndEchoes() throws Exception {
        BeepSession session = listener.openSession();
        assertTrue(session.isSecure());
        assertEquals("also secret", Exchanges.echo(session, "also secret"));
    }

    @Test
    void writesPemFilesThatReadBack(@TempDir Path dir) throws Exception {
        Path ca = TestPki.writeCertificates(dir.resolve("ca.pem"), List.of(PKI.caCertificate()));
        try (InputStream in = Files.newInputStream(ca)) {
            assertEquals(List.of(PKI.caCertificate()),
                    List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(in)));
        }
        String key = Files.readString(TestPki.writeKey(dir.resolve("listener.key"), SERVER.key()));
        assertTrue(key.startsWith("-----BEGIN PRIVATE KEY-----\n"), key);
        String base64 = key.replaceAll("-----[A-Z ]+-----|\\s", "");
        assertArrayEquals(SERVER.key().getEncoded(), Base64.getDecoder().decode(base64));
    }
}
