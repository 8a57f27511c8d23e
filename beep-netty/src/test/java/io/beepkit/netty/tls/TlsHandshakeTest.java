package io.beepkit.netty.tls;

import io.beepkit.netty.internal.tls.ClientTlsContext;
import io.beepkit.netty.internal.tls.ServerTlsContext;
import io.beepkit.netty.internal.tls.TlsProviders;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.test.TestPki;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.net.ssl.SSLHandshakeException;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real TLS handshakes over 127.0.0.1 with the contexts {@link TlsConfig} builds, on the JDK provider and on OpenSSL
 * (netty-tcnative is on the test class path), with certificates made at test time.
 */
class TlsHandshakeTest {
    static TestPki ca;
    static TestPki rogue;
    static TestPki.Issued server;
    static TestPki.Issued otherServer;
    static TestPki.Issued client;
    static TestPki.Issued rogueClient;

    @BeforeAll
    static void pki() throws Exception {
        ca = TestPki.create("beepkit test CA");
        rogue = TestPki.create("rogue CA");
        server = ca.server("localhost", "localhost", "127.0.0.1");
        otherServer = ca.server("beep.example", "beep.example", "*.beep.example");
        client = ca.client("acinom");
        rogueClient = rogue.client("mallory");
    }

    static TlsConfig.Builder serverConfig(TlsProvider p) {
        return TlsConfig.builder().provider(p).keyMaterial(server.material());
    }

    static TlsConfig.Builder clientConfig(TlsProvider p) {
        return TlsConfig.builder().provider(p).trust(ca.trust());
    }

    @Test
    void openSslIsAvailableInTheTestsSoBothProvidersAreCovered() {
        assertTrue(OpenSsl.isAvailable(), String.valueOf(OpenSsl.unavailabilityCause()));
        assertTrue(TlsProvider.openSslAvailable());
        assertEquals(io.netty.handler.ssl.SslProvider.OPENSSL,
                listener(serverConfig(TlsProvider.AUTO)).provider());
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void handshakeSucceedsAndReportsProtocolCipherAndPeerChain(TlsProvider p) throws Exception {
        try (TlsLoopback loop = new TlsLoopback(listener(serverConfig(p)))) {
            TlsLoopback.Side[] sides = loop.connect(initiator(clientConfig(p)), "localhost");
            assertTrue(sides[0].succeeded(), String.valueOf(sides[0].failure()));
            assertTrue(sides[1].succeeded(), String.valueOf(sides[1].failure()));
            TlsSessionInfo seenByClient = sides[1].info();
            assertEquals("TLSv1.3", seenByClient.protocol());
            assertTrue(seenByClient.cipherSuite().startsWith("TLS_"), seenByClient.cipherSuite());
            assertEquals(server.certificate(), seenByClient.peerCertificate().orElseThrow());
            assertEquals("CN=localhost,O=beepkit test", seenByClient.peerSubject().orElseThrow());
            TlsSessionInfo seenByServer = sides[0].info();
            assertEquals(seenByClient.cipherSuite(), seenByServer.cipherSuite());
            assertTrue(seenByServer.peerCertificates().isEmpty(), "no client certificate was asked for");
            assertEquals(null, seenByServer.sniHostName(), "SNI carries dotted host names only (RFC 6066 section 3)");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void tls12CanBeChosenAndIsReported(TlsProvider p) throws Exception {
        try (TlsLoopback loop = new TlsLoopback(listener(serverConfig(p)))) {
            TlsLoopback.Side[] sides = loop.connect(initiator(clientConfig(p).protocols("TLSv1.2")),
                    "localhost");
            assertTrue(sides[1].succeeded(), String.valueOf(sides[1].failure()));
            assertEquals("TLSv1.2", sides[1].info().protocol());
            assertTrue(sides[1].info().cipherSuite().contains("ECDHE"), sides[1].info().cipherSuite());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void clientCertificateIsVerifiedAndExposedWhenRequired(TlsProvider p) throws Exception {
        ServerTlsContext required = listener(serverConfig(p).clientAuth(ClientAuthentication.REQUIRE)
                .trust(ca.trust()));
        try (TlsLoopback loop = new TlsLoopback(required)) {
            TlsLoopback.Side[] sides = loop.connect(initiator(clientConfig(p).keyMaterial(client.material())),
                    "localhost");
            assertTrue(sides[0].succeeded(), String.valueOf(sides[0].failure()));
            assertEquals("CN=acinom,O=beepkit test", sides[0].info().peerSubject().orElseThrow());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void clientCertificateFromAnotherCaIsRefused(TlsProvider p) throws Exception {
        ServerTlsContext required = listener(serverConfig(p).clientAuth(ClientAuthentication.REQUIRE)
                .trust(ca.trust()));
        try (TlsLoopback loop = new TlsLoopback(required)) {
            TlsLoopback.Side[] sides = loop.connect(initiator(clientConfig(p).keyMaterial(rogueClient.material())),
                    "localhost");
            assertFalse(sides[0].succeeded(), "the listener must refuse a certificate it cannot verify");
            assertFalse(sides[1].succeeded() && sides[1].channel().isActive());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void missingClientCertificateIsRefusedWhenRequired(TlsProvider p) throws Exception {
        ServerTlsContext required = listener(serverConfig(p).clientAuth(ClientAuthentication.REQUIRE)
                .trust(ca.trust()));
        try (TlsLoopback loop = new TlsLoopback(required)) {
            TlsLoopback.Side[] sides = loop.connect(initiator(clientConfig(p)), "localhost");
            assertFalse(sides[0].succeeded());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void untrustedServerIsRefusedByTheClient(TlsProvider p) throws Exception {
        try (TlsLoopback loop = new TlsLoopback(listener(serverConfig(p)))) {
            TlsLoopback.Side[] sides = loop.connect(initiator(TlsConfig.builder().provider(p).trust(rogue.trust())),
                    "localhost");
            assertFalse(sides[1].succeeded());
            assertInstanceOf(SSLHandshakeException.class, sides[1].failure());
            assertFalse(sides[0].succeeded());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void serverCertificateMustNameTheHostUnlessVerificationIsOff(TlsProvider p) throws Exception {
        try (TlsLoopback loop = new TlsLoopback(listener(serverConfig(p)))) {
            TlsLoopback.Side[] sides = loop.connect(initiator(clientConfig(p)), "wrong.example");
            assertFalse(sides[1].succeeded(), "a certificate for localhost must not pass for wrong.example");
        }
        try (TlsLoopback loop = new TlsLoopback(listener(serverConfig(p)))) {
            TlsLoopback.Side[] sides = loop.connect(initiator(clientConfig(p).verifyHostname(false)),
                    "wrong.example");
            assertTrue(sides[1].succeeded(), String.valueOf(sides[1].failure()));
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void tls11IsRefusedByTheListener(TlsProvider p) throws Exception {
        SslContext legacy = SslContextBuilder.forClient().sslProvider(TlsProviders.resolve(p)).protocols("TLSv1.1")
                .trustManager(InsecureTrustManagerFactory.INSTANCE).build();
        ServerTlsContext listener = listener(serverConfig(p));
        SslHandler probe = (SslHandler) listener.newHandler(io.netty.buffer.ByteBufAllocator.DEFAULT, false);
        try {
            // Netty's OpenSSL engine always lists the SSLv2Hello pseudo-protocol; BoringSSL parses no SSLv2 hello.
            assertEquals(List.of(), List.of(probe.engine().getEnabledProtocols()).stream()
                    .filter(proto -> !TlsConfig.ALLOWED_PROTOCOLS.contains(proto))
                    .filter(proto -> !(p == TlsProvider.OPENSSL && proto.equals("SSLv2Hello"))).toList());
        } finally {
            io.netty.util.ReferenceCountUtil.release(probe.engine());
        }
        try (TlsLoopback loop = new TlsLoopback(listener)) {
            TlsLoopback.Side[] sides = loop.connect(ch -> legacy.newHandler(ch.alloc(), "localhost", 0));
            assertFalse(sides[1].succeeded(), "a TLS 1.1 handshake must fail");
            assertFalse(sides[0].succeeded(), "the listener must not complete a TLS 1.1 handshake");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void handshakeTimeoutClosesASilentPeer(TlsProvider p) throws Exception {
        ServerTlsContext listener = listener(serverConfig(p).handshakeTimeout(Duration.ofMillis(300)));
        try (TlsLoopback loop = new TlsLoopback(listener)) {
            long start = System.nanoTime();
            TlsLoopback.Side side = loop.silentClient();
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            assertInstanceOf(SslHandshakeTimeoutException.class, side.failure());
            assertTrue(elapsedMs >= 250 && elapsedMs < 5000, "timed out after " + elapsedMs + " ms");
            side.channel().closeFuture().await(2000);
            assertFalse(side.channel().isActive(), "the connection is closed after the timeout");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void certificateIsChosenByServerName(TlsProvider p) throws Exception {
        ServerTlsContext sni = listener(serverConfig(p).sniKeyMaterial("*.beep.example", otherServer.material()));
        assertTrue(sni.usesSni());
        try (TlsLoopback loop = new TlsLoopback(sni)) {
            TlsLoopback.Side[] sides = loop.connect(initiator(clientConfig(p)), "node1.beep.example");
            assertTrue(sides[1].succeeded(), String.valueOf(sides[1].failure()));
            assertEquals(otherServer.certificate(), sides[1].info().peerCertificate().orElseThrow());
            assertEquals("node1.beep.example", sides[0].info().sniHostName());
        }
        try (TlsLoopback loop = new TlsLoopback(sni)) {
            TlsLoopback.Side[] sides = loop.connect(initiator(clientConfig(p)), "localhost");
            assertTrue(sides[1].succeeded(), String.valueOf(sides[1].failure()));
            assertEquals(server.certificate(), sides[1].info().peerCertificate().orElseThrow());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsProvider.class, names = {"JDK", "OPENSSL"})
    void sniListenerAlsoBoundsTheHandshake(TlsProvider p) throws Exception {
        ServerTlsContext sni = listener(serverConfig(p).sniKeyMaterial("beep.example", otherServer.material())
                .handshakeTimeout(Duration.ofMillis(300)));
        try (TlsLoopback loop = new TlsLoopback(sni)) {
            TlsLoopback.Side side = loop.silentClient();
            assertFalse(side.succeeded());
            side.channel().closeFuture().await(2000);
            assertFalse(side.channel().isActive());
        }
    }

    @Test
    void insecureTrustAcceptsAnyServerButStillEncrypts() throws Exception {
        try (TlsLoopback loop = new TlsLoopback(listener(serverConfig(TlsProvider.JDK)))) {
            TlsLoopback.Side[] sides = loop.connect(initiator(TlsConfig.builder().provider(TlsProvider.JDK)
                    .trust(TrustMaterial.insecureTrustAll())), "anything.example");
            assertTrue(sides[1].succeeded(), String.valueOf(sides[1].failure()));
            assertEquals("anything.example", sides[1].info().sniHostName(), "the name the client asked for");
        }
    }

    private static ServerTlsContext listener(TlsConfig.Builder config) {
        return ServerTlsContext.create(config.build());
    }

    private static ClientTlsContext initiator(TlsConfig.Builder config) {
        return ClientTlsContext.create(config.build());
    }
}
