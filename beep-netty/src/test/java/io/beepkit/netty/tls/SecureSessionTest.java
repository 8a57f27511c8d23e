package io.beepkit.netty.tls;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.core.tls.TlsMessage;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.test.TeardownExtension;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TLS profile in real sessions over 127.0.0.1 through the public API, with certificates made at test time: the
 * tuning reset in place on both roles, TLS required, TLS on connect, bad and untrusted certificates, the handshake
 * bound.
 */
class SecureSessionTest {
    static TestPki ca;
    static TestPki rogue;
    static TestPki.Issued server;
    static TestPki.Issued rogueServer;

    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    @BeforeAll
    static void pki() throws Exception {
        ca = TestPki.create("beepkit test CA");
        rogue = TestPki.create("rogue CA");
        server = ca.server("localhost", "localhost", "127.0.0.1");
        rogueServer = rogue.server("localhost", "localhost", "127.0.0.1");
    }

    static TlsConfig listenerTls(TestPki.Issued cert) {
        return TlsConfig.builder().keyMaterial(cert.material()).build();
    }

    static TlsConfig initiatorTls() {
        return TlsConfig.builder().trust(ca.trust()).build();
    }

    BeepServer server(BeepServer.Builder b) throws Exception {
        return teardown.add(b.bind("127.0.0.1", 0).build().start().get(5, TimeUnit.SECONDS));
    }

    BeepClient client(BeepClient.Builder b) {
        return teardown.add(b.build());
    }

    static BeepSession listenerSideOf(BeepServer s, BeepSession initiator) {
        return s.sessions().stream().filter(x -> x.remoteAddress().equals(initiator.localAddress())).findFirst()
                .orElseThrow();
    }

    static String echo(BeepSession session, String text) throws Exception {
        BeepChannel ch = session.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of(text)).get(5, TimeUnit.SECONDS);
        ch.close().get(5, TimeUnit.SECONDS);
        return r.entity().bodyText();
    }

    @Test
    void startTlsSecuresTheSameSessionObjectOnBothSides() throws Exception {
        BeepServer s = server(BeepServer.builder().tls(listenerTls(server)));
        BeepClient c = client(BeepClient.builder().tls(initiatorTls()));
        BeepSession session = c.connect("localhost", s.port()).get(5, TimeUnit.SECONDS);
        assertEquals(TlsMessage.PROFILE_URI, session.peerProfiles().get(0), "TLS offered first");
        assertFalse(session.isSecure());
        assertEquals("in clear", echo(session, "in clear"));

        TlsSessionInfo info = session.startTls().get(10, TimeUnit.SECONDS);
        assertTrue(session.isSecure());
        assertTrue(TlsConfig.ALLOWED_PROTOCOLS.contains(info.protocol()), info.protocol());
        assertEquals(info, session.tls().orElseThrow());
        assertTrue(info.peerSubject().orElseThrow().contains("CN=localhost"), info.peerSubject().orElseThrow());
        assertFalse(session.peerProfiles().contains(TlsMessage.PROFILE_URI), "no TLS offered once secured");
        assertTrue(session.isOpen());

        BeepSession listener = listenerSideOf(s, session);
        assertTrue(listener.isSecure());
        ExecutionException fromListener = assertThrows(ExecutionException.class,
                () -> listener.startTls().get(5, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, fromListener.getCause());
        assertEquals(info.cipherSuite(), listener.tls().orElseThrow().cipherSuite());
        assertTrue(listener.tls().orElseThrow().peerCertificates().isEmpty(), "no client certificate asked");

        assertEquals("over TLS", echo(session, "over TLS"));
        ExecutionException again = assertThrows(ExecutionException.class,
                () -> session.startTls().get(5, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, again.getCause());
        session.close().get(5, TimeUnit.SECONDS);
    }

    @Test
    void resetFailsOldChannelsAndRestartsChannelZeroAtZero() throws Exception {
        List<String> trace = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Void> never = new CompletableFuture<>();
        BeepServer s = server(BeepServer.builder().tls(listenerTls(server))
                .profile("urn:test:hold", (msg, responder) -> never.thenRun(() -> responder.reply(msg.entity())))
                .profile("urn:test:quiet", (msg, responder) -> { }));
        BeepClient c = client(BeepClient.builder().tls(initiatorTls()).session(SessionConfig.builder()
                .frameTracer(trace::add).build()).tls(initiatorTls()));
        BeepSession session = c.connect("localhost", s.port()).get(5, TimeUnit.SECONDS);
        BeepChannel open = session.startChannel("urn:test:quiet").get(5, TimeUnit.SECONDS);
        assertTrue(open.isOpen());

        session.startTls().get(10, TimeUnit.SECONDS);
        assertFalse(open.isOpen(), "every channel is gone after the reset");
        assertTrue(session.channels().isEmpty());
        ExecutionException late = assertThrows(ExecutionException.class,
                () -> open.send(MimeEntity.of("late")).get(5, TimeUnit.SECONDS));
        assertInstanceOf(ChannelClosedException.class, late.getCause());

        // After the reset both peers greet again on a fresh channel 0: msgno 0, seqno 0.
        int proceed = indexOf(trace, "<- RPY 0 1 ");
        assertTrue(proceed >= 0, trace.toString());
        List<String> after = trace.subList(proceed + 1, trace.size());
        assertTrue(after.stream().anyMatch(l -> l.startsWith("-> RPY 0 0 . 0 ")), after.toString());
        assertTrue(after.stream().anyMatch(l -> l.startsWith("<- RPY 0 0 . 0 ")), after.toString());
        // The next request on channel 0 is msgno 1 again.
        session.startChannel("urn:test:quiet").get(5, TimeUnit.SECONDS);
        assertTrue(trace.stream().skip(proceed + 1).anyMatch(l -> l.startsWith("-> MSG 0 1 ")), trace.toString());
    }

    @Test
    void pendingRepliesOfOurMessagesFailNamingTheReset() throws Exception {
        CompletableFuture<Void> release = new CompletableFuture<>();
        BeepServer s = server(BeepServer.builder().tls(listenerTls(server))
                .profile("urn:test:slow", (msg, responder) -> release.thenRun(() -> responder.reply(msg.entity()))));
        BeepClient c = client(BeepClient.builder().tls(initiatorTls()));
        BeepSession session = c.connect("localhost", s.port()).get(5, TimeUnit.SECONDS);
        BeepChannel ch = session.startChannel("urn:test:slow").get(5, TimeUnit.SECONDS);
        CompletableFuture<Reply> pending = ch.send(MimeEntity.of("wait"));
        Thread.sleep(100);
        CompletableFuture<TlsSessionInfo> tls = session.startTls();
        Thread.sleep(100);
        assertFalse(tls.isDone(), "the listener waits for the reply it owes before <proceed />");
        release.complete(null);
        tls.get(10, TimeUnit.SECONDS);
        // The reply left before the proceed, so it arrived: the RFC lets the listener finish what it owes.
        assertEquals("wait", pending.get(5, TimeUnit.SECONDS).entity().bodyText());
        assertFalse(ch.isOpen());
    }

    @Test
    void aPendingMessageFailsNamingTheTlsReset() throws Exception {
        CompletableFuture<Void> received = new CompletableFuture<>();
        BeepServer s = server(BeepServer.builder().tls(listenerTls(server))
                .profile("urn:test:back", (msg, responder) -> { }));
        BeepClient c = client(BeepClient.builder().tls(initiatorTls())
                .profile("urn:test:back", (msg, responder) -> received.complete(null))); // never answers
        BeepSession session = c.connect("localhost", s.port()).get(5, TimeUnit.SECONDS);
        session.startChannel("urn:test:back").get(5, TimeUnit.SECONDS);
        BeepChannel theirs = listenerSideOf(s, session).channels().iterator().next();
        CompletableFuture<Reply> pending = theirs.send(MimeEntity.of("to the initiator"));
        received.get(5, TimeUnit.SECONDS);

        session.startTls().get(10, TimeUnit.SECONDS);
        ExecutionException e = assertThrows(ExecutionException.class, () -> pending.get(5, TimeUnit.SECONDS));
        ChannelClosedException reset = assertInstanceOf(ChannelClosedException.class, e.getCause());
        assertTrue(reset.getMessage().contains("TLS tuning reset"), reset.getMessage());
        assertTrue(listenerSideOf(s, session).isSecure());
        assertTrue(listenerSideOf(s, session).channels().isEmpty());
    }

    @Test
    void tlsRequiredRefusesOtherStartsWith538UntilSecured() throws Exception {
        BeepServer s = server(BeepServer.builder().tls(listenerTls(server)).tlsRequired());
        BeepClient c = client(BeepClient.builder().tls(initiatorTls()));
        BeepSession session = c.connect("localhost", s.port()).get(5, TimeUnit.SECONDS);
        assertEquals(List.of(TlsMessage.PROFILE_URI), session.peerProfiles(), "only TLS offered in clear");
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> session.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS));
        assertEquals(538, assertInstanceOf(BeepErrorException.class, refused.getCause()).code());
        session.startTls().get(10, TimeUnit.SECONDS);
        assertTrue(session.peerProfiles().contains(StandardProfiles.ECHO), "the full list after TLS");
        assertEquals("now", echo(session, "now"));
    }

    @Test
    void tlsOnConnectCompletesOnlyWithTheSecuredGreeting() throws Exception {
        BeepServer s = server(BeepServer.builder().tls(listenerTls(server)).tlsRequired());
        BeepClient c = client(BeepClient.builder().tls(initiatorTls()).tlsOnConnect());
        BeepSession session = c.connect("localhost", s.port()).get(10, TimeUnit.SECONDS);
        assertTrue(session.isSecure());
        assertTrue(session.peerProfiles().contains(StandardProfiles.ECHO), session.peerProfiles().toString());
        assertEquals("hi", echo(session, "hi"));
    }

    @Test
    void untrustedListenerCertificateEndsTheSessionWithTheCause() throws Exception {
        BeepServer s = server(BeepServer.builder().tls(listenerTls(rogueServer)));
        BeepClient c = client(BeepClient.builder().tls(initiatorTls()));
        BeepSession session = c.connect("localhost", s.port()).get(5, TimeUnit.SECONDS);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> session.startTls().get(10, TimeUnit.SECONDS));
        assertInstanceOf(SessionClosedException.class, e.getCause());
        session.closeFuture().get(5, TimeUnit.SECONDS);
        SessionClosedException cause = ((DefaultBeepSession) session).closeCause();
        assertInstanceOf(javax.net.ssl.SSLHandshakeException.class, cause.getCause(), cause.toString());
    }

    @Test
    void tlsOnConnectToAnUntrustedListenerFailsConnect() throws Exception {
        BeepServer s = server(BeepServer.builder().tls(listenerTls(rogueServer)));
        BeepClient c = client(BeepClient.builder().tls(initiatorTls()).tlsOnConnect());
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> c.connect("localhost", s.port()).get(10, TimeUnit.SECONDS));
        assertInstanceOf(SessionClosedException.class, e.getCause());
    }

    @Test
    void hostNameMismatchIsABadCertificate() throws Exception {
        TestPki.Issued other = ca.server("beep.example", "beep.example");
        BeepServer s = server(BeepServer.builder().tls(listenerTls(other)));
        BeepClient c = client(BeepClient.builder().tls(initiatorTls()).tlsOnConnect());
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> c.connect("localhost", s.port()).get(10, TimeUnit.SECONDS));
        assertInstanceOf(SessionClosedException.class, e.getCause());
    }

    @Test
    void initiatorWithoutTlsConfigurationCannotStartTls() throws Exception {
        BeepServer s = server(BeepServer.builder().tls(listenerTls(server)));
        BeepClient c = client(BeepClient.builder());
        BeepSession session = c.connect("localhost", s.port()).get(5, TimeUnit.SECONDS);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> session.startTls().get(5, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals("still", echo(session, "still"));
    }

    @Test
    void configurationErrorsNameTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BeepServer.builder().tlsRequired().build());
        assertTrue(e.getMessage().contains("tlsRequired"), e.getMessage());
        IllegalArgumentException noKey = assertThrows(IllegalArgumentException.class,
                () -> BeepServer.builder().tls(initiatorTls()).build());
        assertTrue(noKey.getMessage().contains("keyMaterial"), noKey.getMessage());
    }

    static int indexOf(List<String> lines, String prefix) {
        synchronized (lines) {
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith(prefix)) {
                    return i;
                }
            }
        }
        return -1;
    }
}
