package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.StartDecision;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertSessionEnded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #14 (the initiator greets at once), #16 (greeting attributes are exposed), #17 (a channel number in use
 * is refused), #18 (profile choice, ERR 550, piggybacked init data), #19 (serverName binding) and #20 over the wire
 * (malformed channel-0 MSG -> ERR, malformed channel-0 reply -> terminate). Parity of channel numbers is RoleTest's.
 */
class ChannelStartTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    /** A profile whose start handler records the request and piggybacks {@code ack:<init data>} on its reply. */
    static final String INIT = "urn:beepkit:test:init";
    /** A profile whose start handler waits for {@link #releaseSlowStart}. */
    static final String SLOW = "urn:beepkit:test:slow-start";
    static final String UNKNOWN = "urn:beepkit:test:unknown";
    static final Pattern BASE64_CONTENT = Pattern.compile("encoding='base64'>([^<]*)</profile>");

    BeepServer server;
    BeepClient client;
    final BlockingQueue<BeepSession> serverSessions = new LinkedBlockingQueue<>();
    final BlockingQueue<ChannelStartRequest> starts = new LinkedBlockingQueue<>();
    final CountDownLatch releaseSlowStart = new CountDownLatch(1);

    @BeforeEach
    void start() {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0)
                .profile(INIT, new MessageHandler() {
                    @Override
                    public StartDecision onStart(ChannelStartRequest request) {
                        starts.add(request);
                        return request.initData() == null ? StartDecision.accept()
                                : StartDecision.accept("ack:" + request.initData());
                    }

                    @Override
                    public void onMessage(Message message, Responder responder) {
                        responder.reply(message.entity());
                    }
                })
                .profile(SLOW, new MessageHandler() {
                    @Override
                    public StartDecision onStart(ChannelStartRequest request) {
                        try {
                            releaseSlowStart.await(TIMEOUT, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return StartDecision.accept();
                    }

                    @Override
                    public void onMessage(Message message, Responder responder) {
                        responder.reply(message.entity());
                    }
                })
                .onSession(serverSessions::add).build().start().join());
        client = teardown.add(BeepClient.builder().profile(StandardProfiles.ECHO, StandardProfiles.echo()).build());
    }

    @AfterEach
    void stop() {
        releaseSlowStart.countDown();
    }

    private BeepSession serverSession() throws InterruptedException {
        BeepSession s = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
        assertNotNull(s, "no server session");
        return s;
    }

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String base64Content(ReadFrame f) {
        Matcher m = BASE64_CONTENT.matcher(f.text());
        assertTrue(m.find(), () -> "no base64 profile content in " + f);
        return new String(Base64.getDecoder().decode(m.group(1)), StandardCharsets.UTF_8);
    }

    private static void assertErr(ReadFrame f, String... fragments) {
        assertEquals(FrameType.ERR, f.type(), f.toString());
        for (String fragment : fragments) {
            assertTrue(f.text().contains(fragment), () -> "ERR does not contain '" + fragment + "': " + f);
        }
    }

    // ------------------------------------------------------------------ #14, #16 greetings

    @Test
    @DisplayName("#14 the library initiator greets before hearing the listener's greeting")
    void initiatorGreetsBeforeHearingListenersGreeting() throws Exception {
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                // We have sent nothing: the initiator's greeting must arrive anyway.
                ReadFrame greeting = peer.readDataFrame();
                assertEquals(FrameType.RPY, greeting.type(), greeting.toString());
                assertEquals(0, greeting.header().channel());
                assertEquals(0, greeting.header().msgno());
                assertEquals(0, greeting.header().seqno());
                assertTrue(greeting.text().contains("<greeting"), greeting.toString());
                assertTrue(greeting.text().contains(StandardProfiles.ECHO), greeting.toString());
                assertFalse(connecting.isDone(), "connect completed before the listener's greeting");
                peer.sendGreeting(StandardProfiles.SINK);
                BeepSession session = connecting.get(TIMEOUT, TimeUnit.SECONDS);
                assertEquals(List.of(StandardProfiles.SINK), session.peerProfiles());
            }
        }
    }

    @Test
    @DisplayName("#16 features and localize of the peer's greeting are exposed on the session")
    void peerGreetingFeaturesAndLocalizeAreExposed() throws Exception {
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendFrame("RPY", 0, 0, '.', 0, ScriptedPeer.mgmt("<greeting features='x-compress x-tls'"
                        + " localize='fr-CA en'><profile uri='" + StandardProfiles.ECHO + "'/></greeting>"));
                peer.readDataFrame();
                BeepSession session = connecting.get(TIMEOUT, TimeUnit.SECONDS);
                assertEquals("x-compress x-tls", session.peerFeatures());
                assertEquals("fr-CA en", session.peerLocalize());
                assertEquals(List.of(StandardProfiles.ECHO), session.peerProfiles());
            }
        }
    }

    @Test
    @DisplayName("#16 a greeting without features or localize means none and i-default")
    void greetingWithoutAttributesDefaultsToIDefault() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            assertNull(lib.session.peerFeatures());
            assertEquals("i-default", lib.session.peerLocalize());
        }
    }

    @Test
    @DisplayName("#16 the library writes its configured features and localize, and the other library reads them")
    void configuredFeaturesAndLocalizeReachTheOtherLibrary() throws Exception {
        SessionConfig config = SessionConfig.builder().features("x-beepkit-test").localize("de").build();
        BeepServer configured = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(config)
                .onSession(serverSessions::add).build().start().join());
        BeepSession s = client.connect("127.0.0.1", configured.port()).get(TIMEOUT, TimeUnit.SECONDS);
        assertEquals("x-beepkit-test", s.peerFeatures());
        assertEquals("de", s.peerLocalize());
        BeepSession listenerSide = serverSession();
        assertNull(listenerSide.peerFeatures());
        assertEquals("i-default", listenerSide.peerLocalize());
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
    }

    // ------------------------------------------------------------------ #17 number in use

    @Test
    @DisplayName("#17 a start for a channel number already in use gets ERR 550 and the session stays up")
    void startOnChannelInUseIsRefusedAndSessionSurvives() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO);
            assertErr(peer.requestStart(1, StandardProfiles.SINK), "550", "channel 1 is already in use");
            // Channel 1 still runs its first profile, and new channels still start.
            peer.send("MSG", 1, 0, false, "\r\nstill echo");
            ReadFrame echo = peer.readUntil(f -> f.header().channel() == 1 && f.type() != FrameType.SEQ);
            assertEquals(FrameType.RPY, echo.type(), echo.toString());
            assertTrue(echo.text().endsWith("still echo"), echo.toString());
            peer.startChannel(3, StandardProfiles.SINK);
            BeepSession session = serverSession();
            assertEquals(StandardProfiles.ECHO, session.channels().stream().filter(c -> c.number() == 1)
                    .findFirst().orElseThrow().profile());
        }
    }

    @Test
    @DisplayName("#17 a start for a number whose start is still being decided gets ERR 550; the first start wins")
    void startForNumberStillBeingStartedIsRefused() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            int first = peer.sendMgmt("<start number='5'><profile uri='" + SLOW + "'/></start>");
            int second = peer.sendMgmt("<start number='5'><profile uri='" + StandardProfiles.ECHO + "'/></start>");
            releaseSlowStart.countDown();
            ReadFrame accepted = peer.awaitMgmtReply(first);
            assertEquals(FrameType.RPY, accepted.type(), accepted.toString());
            assertTrue(accepted.text().contains(SLOW), accepted.toString());
            assertErr(peer.awaitMgmtReply(second), "550", "channel 5 is already in use");
            assertEquals(SLOW, serverSession().channels().iterator().next().profile());
        }
    }

    // ------------------------------------------------------------------ #18 profile choice and init data

    @Test
    @DisplayName("#18 the listener picks the first profile of the start that it supports")
    void listenerPicksFirstSupportedProfile() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            ReadFrame reply = peer.request("<start number='1'><profile uri='" + UNKNOWN + "'/><profile uri='"
                    + StandardProfiles.SINK + "'/><profile uri='" + StandardProfiles.ECHO + "'/></start>");
            assertEquals(FrameType.RPY, reply.type(), reply.toString());
            assertTrue(reply.text().contains("<profile uri='" + StandardProfiles.SINK + "'"), reply.toString());
            assertFalse(reply.text().contains(StandardProfiles.ECHO), reply.toString());
            assertFalse(reply.text().contains(UNKNOWN), reply.toString());
            assertEquals(StandardProfiles.SINK, serverSession().channels().iterator().next().profile());
        }
    }

    @Test
    @DisplayName("#18 a start offering no supported profile gets ERR 550 on the wire; the session stays up")
    void startWithNoSupportedProfileGetsErr550OnTheWire() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            ReadFrame refused = peer.request("<start number='1'><profile uri='" + UNKNOWN + "'/><profile uri='"
                    + UNKNOWN + ":2'/></start>");
            assertErr(refused, "code='550'");
            peer.startChannel(1, StandardProfiles.ECHO); // number 1 was not consumed by the refused start
        }
    }

    @Test
    @DisplayName("#18 the library initiator's start future fails with BeepErrorException 550 when nothing fits")
    void unsupportedProfilesFailStartWithBeepErrorException550() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepErrorException e = assertFailsWith(s.startChannel(ChannelRequest.of(UNKNOWN, UNKNOWN + ":2")),
                BeepErrorException.class, "550");
        assertEquals(550, e.code());
        assertTrue(s.isOpen());
        BeepChannel ch = s.startChannel(ChannelRequest.of(UNKNOWN, StandardProfiles.ECHO)).get(TIMEOUT, TimeUnit.SECONDS);
        assertEquals(StandardProfiles.ECHO, ch.profile());
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("#18 piggybacked init data reaches the listener's handler; its piggybacked reply the initiator")
    void plainPiggybackedInitDataRoundTrips() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        String init = "hello <init> & 'data'";
        BeepChannel ch = s.startChannel(ChannelRequest.builder().profile(INIT, init, false).build())
                .get(TIMEOUT, TimeUnit.SECONDS);
        ChannelStartRequest seen = starts.poll(TIMEOUT, TimeUnit.SECONDS);
        assertNotNull(seen);
        assertEquals(init, seen.initData());
        assertEquals(INIT, seen.profileUri());
        assertEquals(ch.number(), seen.number());
        assertEquals(Optional.of("ack:" + init), ch.peerInitData());
        BeepChannel listenerSide = serverSession().channels().iterator().next();
        assertEquals(Optional.of(init), listenerSide.peerInitData());
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("#18 base64 init data in a start is decoded for the handler and the reply is base64 too")
    void base64InitDataFromThePeerIsDecoded() throws Exception {
        String init = "binary-ish \u00e9 <&> init";
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            ReadFrame reply = peer.request("<start number='1'><profile uri='" + INIT + "' encoding='base64'>"
                    + b64(init) + "</profile></start>");
            assertEquals(FrameType.RPY, reply.type(), reply.toString());
            assertEquals(init, starts.poll(TIMEOUT, TimeUnit.SECONDS).initData());
            assertEquals("ack:" + init, base64Content(reply));
        }
    }

    @Test
    @DisplayName("#18 the library initiator writes base64 init data and decodes a base64 piggybacked reply")
    void base64InitDataFromTheLibraryIsEncoded() throws Exception {
        String init = "secret \u00e9 init";
        try (LibraryInitiator lib = LibraryInitiator.connect(client, INIT)) {
            CompletableFuture<BeepChannel> starting =
                    lib.session.startChannel(ChannelRequest.builder().profile(INIT, init, true).build());
            ReadFrame start = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
            assertEquals(init, base64Content(start));
            lib.peer.send("RPY", 0, start.header().msgno(), false, ScriptedPeer.mgmt("<profile uri='" + INIT
                    + "' encoding='base64'>" + b64("welcome \u00e9") + "</profile>"));
            assertEquals(Optional.of("welcome \u00e9"), starting.get(TIMEOUT, TimeUnit.SECONDS).peerInitData());
        }
    }

    // ------------------------------------------------------------------ #19 serverName

    @Test
    @DisplayName("#19 the serverName of the first successful start binds the listener's session")
    void serverNameOfFirstSuccessfulStartBindsTheSession() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSession();
            assertErr(peer.request("<start number='1' serverName='refused.example'><profile uri='" + UNKNOWN
                    + "'/></start>"), "550");
            assertNull(session.serverName(), "a refused start must not bind the serverName");
            assertEquals(FrameType.RPY, peer.request("<start number='3' serverName='a.example'><profile uri='"
                    + INIT + "'/></start>").type());
            assertEquals("a.example", session.serverName());
            assertEquals("a.example", starts.poll(TIMEOUT, TimeUnit.SECONDS).serverName());
            assertEquals(FrameType.RPY, peer.request("<start number='5' serverName='b.example'><profile uri='"
                    + INIT + "'/></start>").type());
            assertEquals("b.example", starts.poll(TIMEOUT, TimeUnit.SECONDS).serverName(),
                    "the handler sees what the start asked for");
            assertEquals("a.example", session.serverName(), "a later start must not rebind the serverName");
        }
    }

    @Test
    @DisplayName("#19 the initiator's serverName binds both library sessions and cannot be changed later")
    void serverNameBindsBothLibrarySessions() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepSession listenerSide = serverSession();
        assertNull(s.serverName());
        s.startChannel(ChannelRequest.builder().profile(StandardProfiles.ECHO).serverName("first.example").build())
                .get(TIMEOUT, TimeUnit.SECONDS);
        s.startChannel(ChannelRequest.builder().profile(StandardProfiles.ECHO).serverName("second.example").build())
                .get(TIMEOUT, TimeUnit.SECONDS);
        assertEquals("first.example", s.serverName());
        assertEquals("first.example", listenerSide.serverName());
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
    }

    // ------------------------------------------------------------------ #20 malformed channel-0 XML

    @Test
    @DisplayName("#20 a channel-0 MSG with a DOCTYPE gets ERR and the session survives")
    void doctypeInChannelZeroMsgGetsErr() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            ReadFrame refused = peer.request("<!DOCTYPE start [<!ENTITY x '" + StandardProfiles.ECHO + "'>]>"
                    + "<start number='1'><profile uri='&x;'/></start>");
            assertErr(refused, "DOCTYPE");
            // Nothing was started from it, and the session still works.
            peer.startChannel(1, StandardProfiles.ECHO);
        }
    }

    @Test
    @DisplayName("#20 a DOCTYPE in the reply to our start terminates the session and fails the start")
    void doctypeInChannelZeroReplyTerminates() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            CompletableFuture<BeepChannel> starting = lib.session.startChannel(StandardProfiles.ECHO);
            ReadFrame start = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
            lib.peer.send("RPY", 0, start.header().msgno(), false, ScriptedPeer.mgmt(
                    "<!DOCTYPE profile [<!ENTITY e 'x'>]><profile uri='" + StandardProfiles.ECHO + "'/>"));
            lib.peer.readUntilClosed();
            assertFailsWith(starting, SessionClosedException.class, "DOCTYPE");
            assertSessionEnded(lib.session);
        }
    }

    @Test
    @DisplayName("#18/#20 a start reply naming a profile we did not offer terminates and fails the start")
    void startReplyWithUnofferedProfileTerminates() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            CompletableFuture<BeepChannel> starting = lib.session.startChannel(StandardProfiles.ECHO);
            ReadFrame start = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
            lib.peer.send("RPY", 0, start.header().msgno(), false,
                    ScriptedPeer.mgmt("<profile uri='" + UNKNOWN + "'/>"));
            lib.peer.readUntilClosed();
            assertFailsWith(starting, SessionClosedException.class, UNKNOWN);
            assertSessionEnded(lib.session);
        }
    }

    @Test
    @DisplayName("#20 an ERR reply to our start that is not an <error> element terminates and fails the start")
    void malformedErrReplyToStartTerminates() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            CompletableFuture<BeepChannel> starting = lib.session.startChannel(StandardProfiles.ECHO);
            ReadFrame start = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
            lib.peer.send("ERR", 0, start.header().msgno(), false, ScriptedPeer.mgmt("<ok/>"));
            lib.peer.readUntilClosed();
            assertFailsWith(starting, SessionClosedException.class, "malformed error reply", "<ok/>");
            assertSessionEnded(lib.session);
        }
    }
}
