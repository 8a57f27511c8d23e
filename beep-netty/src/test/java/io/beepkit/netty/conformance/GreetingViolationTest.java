package io.beepkit.netty.conformance;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertOtherSessionsWork;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #15: the first frame must be the greeting (RPY 0 0) or ERR 0 0; anything else terminates, and an ERR
 * greeting (e.g. 421) ends the session, failing the initiator's connect with the peer's code and text.
 */
class GreetingViolationTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String START = ScriptedPeer.mgmt("<start number='1'><profile uri='" + StandardProfiles.ECHO + "'/></start>");
    static final String REFUSAL = ScriptedPeer.mgmt("<error code='421'>Service not available: try later</error>");

    BeepServer server;
    BeepClient client;
    final BlockingQueue<BeepSession> ready = new LinkedBlockingQueue<>();

    @BeforeEach
    void start() {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).onSession(ready::add).build().start().join());
        client = teardown.add(BeepClient.builder().build());
    }

    /** Connects raw, reads the library's greeting, sends {@code first} as the first frame and expects a close. */
    private void assertFirstFrameTerminates(String keyword, int channel, int msgno, String payload) throws Exception {
        try (ScriptedPeer raw = ScriptedPeer.connect(server.port())) {
            WirePeer peer = WirePeer.unGreeted(raw);
            ReadFrame greeting = peer.readData();
            assertEquals("RPY 0 0 . 0 " + greeting.payload().length, greeting.header().toString());
            peer.send(keyword, channel, msgno, false, payload);
            List<ReadFrame> after = peer.readUntilClosed();
            assertTrue(after.isEmpty(), "the library answered a frame before the greeting: " + after);
        }
        assertNull(ready.poll(), "a session without greeting was handed to the application");
        assertOtherSessionsWork(client, server.port());
    }

    @Test
    @DisplayName("#15 a start request before the greeting terminates")
    void startBeforeGreetingTerminates() throws Exception {
        assertFirstFrameTerminates("MSG", 0, 1, START);
    }

    @Test
    @DisplayName("#15 a RPY 0 with a msgno other than 0 as first frame terminates")
    void replyToOtherMsgnoAsFirstFrameTerminates() throws Exception {
        assertFirstFrameTerminates("RPY", 0, 1, ScriptedPeer.mgmt(WirePeer.greeting()));
    }

    @Test
    @DisplayName("#15 a data frame on another channel as first frame terminates")
    void frameOnOtherChannelAsFirstFrameTerminates() throws Exception {
        assertFirstFrameTerminates("MSG", 1, 0, "\r\nhello");
    }

    @Test
    @DisplayName("#15 a RPY 0 0 that is not a greeting terminates")
    void rpyZeroZeroWithoutGreetingTerminates() throws Exception {
        assertFirstFrameTerminates("RPY", 0, 0, ScriptedPeer.mgmt("<ok/>"));
    }

    @Test
    @DisplayName("#15 an ERR greeting from the initiator makes the listener close")
    void errGreetingFromInitiatorCloses() throws Exception {
        assertFirstFrameTerminates("ERR", 0, 0, REFUSAL);
    }

    @Test
    @DisplayName("#15 an ERR 421 greeting fails the initiator's connect with code 421 and the peer's text")
    void errGreetingFailsConnectWithCodeAndText() throws Exception {
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer raw = listening.accept()) {
                WirePeer peer = WirePeer.unGreeted(raw);
                peer.send("ERR", 0, 0, false, REFUSAL);
                ReadFrame greeting = peer.readData();
                assertEquals(FrameType.RPY, greeting.type(), greeting.toString());
                peer.readUntilClosed();
                SessionClosedException e = assertFailsWith(connecting, SessionClosedException.class,
                        "421", "Service not available: try later");
                BeepErrorException refusal = assertInstanceOf(BeepErrorException.class, e.getCause());
                assertEquals(421, refusal.code());
                assertEquals("Service not available: try later", refusal.diagnostic());
            }
        }
    }

    @Test
    @DisplayName("#15 a listener whose first frame is not a greeting fails the initiator's connect naming the frame")
    void startBeforeGreetingFailsConnectNamingTheFrame() throws Exception {
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer raw = listening.accept()) {
                WirePeer peer = WirePeer.unGreeted(raw);
                peer.send("MSG", 0, 1, false, START);
                peer.readUntilClosed();
                SessionClosedException e = assertFailsWith(connecting, SessionClosedException.class,
                        "the first frame must be a greeting (RPY 0 0) or ERR 0 0, got MSG 0 1 . 0");
                assertInstanceOf(BeepProtocolException.class, e.getCause());
            }
        }
    }
}
