package io.beepkit.netty.tls;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.tls.TlsMessage;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import io.beepkit.test.TestPki;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.testing.ScriptedPeer.mgmt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TLS profile on the wire against a hand-driven peer: the RFC's reaction to data after {@code <ready />}, the
 * ready sent as a MSG, the handshake bound on both roles, and a wrong answer to the ready.
 */
class TlsWireTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String READY_START = "<start number='1'><profile uri='" + TlsMessage.PROFILE_URI
            + "'><![CDATA[<ready />]]></profile></start>";
    /** The octets of {@link ScriptedPeer#sendGreeting()} without profiles: channel 0's next seqno. */
    static final long EMPTY_GREETING = mgmt("<greeting></greeting>").length();
    static TestPki ca;
    static TestPki.Issued serverCert;

    BeepServer server;
    BeepClient client;

    @BeforeAll
    static void pki() throws Exception {
        ca = TestPki.create("beepkit test CA");
        serverCert = ca.server("localhost", "localhost", "127.0.0.1");
    }

    BeepServer listener(Duration handshake, CompletableFuture<BeepSession> session) throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).onSession(session::complete)
                .tls(TlsConfig.builder().keyMaterial(serverCert.material()).handshakeTimeout(handshake).build())
                .build().start().get(5, TimeUnit.SECONDS));
        return server;
    }

    static ScriptedPeer greeted(int port) throws Exception {
        ScriptedPeer peer = ScriptedPeer.connect(port);
        peer.sendGreeting();
        ReadFrame greeting = peer.readFrame();
        assertTrue(greeting.text().contains(TlsMessage.PROFILE_URI), greeting.toString());
        return peer;
    }

    @Test
    void aFrameAfterReadyTerminatesTheSessionWithoutProceed() throws Exception {
        CompletableFuture<BeepSession> session = new CompletableFuture<>();
        listener(Duration.ofSeconds(5), session);
        try (ScriptedPeer peer = greeted(server.port())) {
            String start = mgmt(READY_START);
            String more = mgmt("<start number='3'><profile uri='http://xml.resource.org/profiles/NULL/ECHO'/></start>");
            // Both frames in one write: the second is in the listener's hands before it can answer the first, so
            // the proceed must never leave (sent apart, a fast listener could answer before the second arrives).
            peer.sendRaw("MSG 0 1 . " + EMPTY_GREETING + " " + start.length() + "\r\n" + start + "END\r\n"
                    + "MSG 0 2 . " + (EMPTY_GREETING + start.length()) + " " + more.length() + "\r\n" + more + "END\r\n");
            List<ReadFrame> rest = peer.readUntilClosed();
            assertTrue(rest.stream().noneMatch(f -> f.text().contains("proceed")), rest.toString());
        }
        BeepSession s = session.get(5, TimeUnit.SECONDS);
        s.closeFuture().get(5, TimeUnit.SECONDS);
        assertInstanceOf(BeepProtocolException.class, ((DefaultBeepSession) s).closeCause().getCause());
        assertTrue(((DefaultBeepSession) s).closeCause().getMessage().contains("after <ready />"),
                ((DefaultBeepSession) s).closeCause().getMessage());
    }

    @Test
    void readyAsMessageThenHandshakeThenBothGreetAtSeqnoZero() throws Exception {
        CompletableFuture<BeepSession> session = new CompletableFuture<>();
        listener(Duration.ofSeconds(5), session);
        try (ScriptedPeer peer = greeted(server.port())) {
            String start = mgmt("<start number='1'><profile uri='" + TlsMessage.PROFILE_URI + "'/></start>");
            peer.sendFrame("MSG", 0, 1, '.', EMPTY_GREETING, start);
            ReadFrame accepted = peer.readUntil(f -> f.type() != FrameType.SEQ);
            assertEquals(FrameType.RPY, accepted.type(), accepted.toString());
            peer.sendFrame("MSG", 1, 0, '.', 0, mgmt("<ready />"));
            ReadFrame proceed = peer.readUntil(f -> f.type() != FrameType.SEQ);
            assertEquals(FrameType.RPY, proceed.type(), proceed.toString());
            assertEquals(1, proceed.header().channel());
            assertTrue(proceed.text().contains("<proceed />"), proceed.toString());

            SSLSocket tls = overTls(peer);
            tls.getOutputStream().write(("RPY 0 0 . 0 " + mgmt("<greeting />").length() + "\r\n"
                    + mgmt("<greeting />") + "END\r\n").getBytes(StandardCharsets.US_ASCII));
            tls.getOutputStream().flush();
            String header = line(tls.getInputStream());
            assertTrue(header.startsWith("RPY 0 0 . 0 "), "the new greeting restarts channel 0: " + header);
        }
        BeepSession s = session.get(5, TimeUnit.SECONDS);
        assertTrue(waitFor(s::isSecure), "listener session secured");
    }

    @Test
    void listenerHandshakeTimeoutEndsTheSession() throws Exception {
        CompletableFuture<BeepSession> session = new CompletableFuture<>();
        listener(Duration.ofMillis(300), session);
        try (ScriptedPeer peer = greeted(server.port())) {
            peer.sendFrame("MSG", 0, 1, '.', EMPTY_GREETING, mgmt(READY_START));
            ReadFrame proceed = peer.readUntil(f -> f.type() != FrameType.SEQ);
            assertTrue(proceed.text().contains("<proceed />"), proceed.toString());
            // ...and never starts the handshake.
            BeepSession s = session.get(5, TimeUnit.SECONDS);
            s.closeFuture().get(5, TimeUnit.SECONDS);
            assertInstanceOf(SslHandshakeTimeoutException.class, ((DefaultBeepSession) s).closeCause().getCause());
        }
    }

    @Test
    void initiatorHandshakeTimeoutFailsStartTlsAndEndsTheSession() throws Exception {
        client = teardown.add(BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust())
                .handshakeTimeout(Duration.ofMillis(300)).build()).build());
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connected = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendGreeting(TlsMessage.PROFILE_URI);
                peer.readFrame(); // its greeting
                BeepSession session = connected.get(5, TimeUnit.SECONDS);
                CompletableFuture<?> tls = session.startTls();
                ReadFrame start = peer.readUntil(f -> f.type() == FrameType.MSG);
                assertTrue(start.text().contains("<ready />"), start.toString());
                ExecutionException busy = assertThrows(ExecutionException.class,
                        () -> session.startChannel("urn:x").get(5, TimeUnit.SECONDS));
                assertInstanceOf(IllegalStateException.class, busy.getCause());
                String reply = mgmt("<profile uri='" + TlsMessage.PROFILE_URI + "'><![CDATA[<proceed />]]></profile>");
                peer.sendFrame("RPY", 0, 1, '.', greetingSize(), reply);
                ExecutionException e = assertThrows(ExecutionException.class, () -> tls.get(5, TimeUnit.SECONDS));
                assertInstanceOf(SessionClosedException.class, e.getCause());
                assertInstanceOf(SslHandshakeTimeoutException.class,
                        ((DefaultBeepSession) session).closeCause().getCause());
            }
        }
    }

    @Test
    void anAnswerThatIsNeitherProceedNorErrorTerminates() throws Exception {
        client = teardown.add(BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust()).build()).build());
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connected = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendGreeting(TlsMessage.PROFILE_URI);
                peer.readFrame();
                BeepSession session = connected.get(5, TimeUnit.SECONDS);
                CompletableFuture<?> tls = session.startTls();
                peer.readUntil(f -> f.type() == FrameType.MSG);
                peer.sendFrame("RPY", 0, 1, '.', greetingSize(),
                        mgmt("<profile uri='" + TlsMessage.PROFILE_URI + "'><![CDATA[<ready />]]></profile>"));
                ExecutionException e = assertThrows(ExecutionException.class, () -> tls.get(5, TimeUnit.SECONDS));
                assertInstanceOf(SessionClosedException.class, e.getCause());
                assertInstanceOf(BeepProtocolException.class, ((DefaultBeepSession) session).closeCause().getCause());
            }
        }
    }

    @Test
    void aRefusedTlsStartLeavesTheSessionInClearAndUsable() throws Exception {
        client = teardown.add(BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust()).build()).build());
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connected = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendGreeting(TlsMessage.PROFILE_URI);
                peer.readFrame();
                BeepSession session = connected.get(5, TimeUnit.SECONDS);
                CompletableFuture<?> tls = session.startTls();
                peer.readUntil(f -> f.type() == FrameType.MSG);
                String refusal = mgmt("<error code='550'>not now</error>");
                peer.sendFrame("ERR", 0, 1, '.', greetingSize(), refusal);
                ExecutionException e = assertThrows(ExecutionException.class, () -> tls.get(5, TimeUnit.SECONDS));
                assertEquals(550, assertInstanceOf(io.beepkit.api.BeepErrorException.class, e.getCause()).code());
                // The hold is released: the next start leaves at once, as MSG 0 2.
                CompletableFuture<?> next = session.startChannel("urn:test:next");
                ReadFrame start = peer.readUntil(f -> f.type() == FrameType.MSG);
                assertEquals(2, start.header().msgno(), start.toString());
                assertTrue(start.text().contains("urn:test:next"), start.toString());
                assertTrue(session.isOpen());
                assertTrue(!session.isSecure());
                next.cancel(true);
            }
        }
    }

    /** The octets of the greeting {@link ScriptedPeer#sendGreeting} sent with TLS offered: the next seqno. */
    static long greetingSize() {
        return mgmt("<greeting><profile uri='" + TlsMessage.PROFILE_URI + "'/></greeting>").length();
    }

    static SSLSocket overTls(ScriptedPeer peer) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", ca.caCertificate());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(peer.socket(), "localhost",
                peer.socket().getPort(), false);
        SSLParameters params = tls.getSSLParameters();
        params.setEndpointIdentificationAlgorithm("HTTPS");
        tls.setSSLParameters(params);
        tls.startHandshake();
        return tls;
    }

    static String line(InputStream in) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int prev = -1;
        int c;
        while ((c = in.read()) >= 0) {
            if (prev == '\r' && c == '\n') {
                byte[] bytes = b.toByteArray();
                return new String(bytes, 0, bytes.length - 1, StandardCharsets.US_ASCII);
            }
            b.write(c);
            prev = c;
        }
        throw new java.io.EOFException("closed");
    }

    static boolean waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 100 && !condition.getAsBoolean(); i++) {
            Thread.sleep(50);
        }
        return condition.getAsBoolean();
    }
}
