package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertOtherSessionsWork;
import static io.beepkit.netty.conformance.Violations.assertSessionEnded;
import static io.beepkit.netty.conformance.Violations.pendingStart;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * CONFORMANCE #1 (header syntax), #2 (field ranges, header length), #3 (payload size and trailer) over a real socket:
 * a malformed frame terminates the session without a reply, fails the session's pending futures with a message
 * naming the offending octets, and leaves every other session of the same server working.
 */
class FramingViolationTest extends LibraryPeersTest {
    static Stream<Arguments> malformedFrames() {
        return Stream.of(
                // #1 header syntax
                arguments("#1 bare LF ends the header", "MSG 1 0 . 0 5\nhello END\r\n",
                        "bare LF in frame header: \"MSG 1 0 . 0 5\\x0A"),
                arguments("#1 CR without LF", "MSG 1 0 . 0 5\rhello END\r\n",
                        "CR not followed by LF"),
                arguments("#1 double SP between fields", "MSG 1  0 . 0 5\r\nhello END\r\n",
                        "msgno is empty (double SP?)): \"MSG 1  0 . 0 5\""),
                arguments("#1 trailing SP", "MSG 1 0 . 0 5 \r\nhello END\r\n",
                        "trailing octets after the last field): \"MSG 1 0 . 0 5 \""),
                arguments("#1 TAB instead of SP", "MSG\t1 0 . 0 5\r\nhello END\r\n",
                        "invalid octet in frame header: \"MSG\\x09"),
                arguments("#1 NUL octet in the header", "MSG 1 0 . 0\u00005\r\nhello END\r\n",
                        "\"MSG 1 0 . 0\\x00"),
                arguments("#1 lower-case keyword", "msg 1 0 . 0 5\r\nhello END\r\n",
                        "unknown keyword): \"msg 1 0 . 0 5"),
                arguments("#1 unknown keyword", "MSX 1 0 . 0 5\r\nhello END\r\n",
                        "unknown keyword): \"MSX 1 0 . 0 5"),
                arguments("#1 continuation indicator neither '.' nor '*'", "MSG 1 0 + 0 5\r\nhello END\r\n",
                        "MSG 1 0 + 0 5"),
                arguments("#1 missing field", "MSG 1 0 . 5\r\nhello END\r\n",
                        "expected one SP before size): \"MSG 1 0 . 5\""),
                arguments("#1 ansno on a MSG", "MSG 1 0 . 0 5 0\r\nhello END\r\n",
                        "MSG 1 0 . 0 5 0"),
                arguments("#1 NUL frame with a payload", "NUL 1 0 . 0 5\r\nhello END\r\n",
                        "NUL 1 0 . 0 5"),
                // #2 field ranges
                arguments("#2 leading '+'", "MSG +1 0 . 0 5\r\nhello END\r\n",
                        "channel is not a decimal number): \"MSG +1"),
                arguments("#2 leading '-'", "MSG 1 -0 . 0 5\r\nhello END\r\n",
                        "msgno is not a decimal number): \"MSG 1 -0"),
                arguments("#2 non-digit in a number", "MSG 1 0 . 0x0 5\r\nhello END\r\n",
                        "seqno is not a decimal number): \"MSG 1 0 . 0x0 5"),
                arguments("#2 channel 2^31", "MSG 2147483648 0 . 0 5\r\nhello END\r\n",
                        "channel 2147483648 out of range"),
                arguments("#2 msgno 2^31", "MSG 1 2147483648 . 0 5\r\nhello END\r\n",
                        "msgno 2147483648 out of range"),
                arguments("#2 seqno 2^32", "MSG 1 0 . 4294967296 5\r\nhello END\r\n",
                        "seqno 4294967296 out of range"),
                arguments("#2 size 2^31", "MSG 1 0 . 0 2147483648\r\nhello END\r\n",
                        "size 2147483648 out of range"),
                arguments("#2 ansno 2^32", "ANS 1 0 . 0 5 4294967296\r\nhello END\r\n",
                        "ansno 4294967296 out of range"),
                arguments("#2 SEQ window 2^31", "SEQ 1 0 2147483648\r\n",
                        "window 2147483648 out of range"),
                // #3 payload size and trailer
                arguments("#3 size shorter than the payload", "MSG 1 0 . 0 3\r\nhello END\r\n",
                        "trailer is not END CRLF after MSG 1 0 . 0 3: \"lo EN\""),
                arguments("#3 size longer than the payload", "MSG 1 0 . 0 7\r\nhello END\r\nMSG 1 1 . 7 0\r\nEND\r\n",
                        "trailer is not END CRLF after MSG 1 0 . 0 7"),
                arguments("#3 trailer missing", "MSG 1 0 . 0 5\r\nhelloMSG 1 1 . 5 0\r\nEND\r\n",
                        "trailer is not END CRLF after MSG 1 0 . 0 5: \"MSG 1\""),
                arguments("#3 trailer in lower case", "MSG 1 0 . 0 5\r\nhelloend\r\n",
                        "trailer is not END CRLF after MSG 1 0 . 0 5: \"end"),
                arguments("#3 trailer ending in bare LF", "MSG 1 0 . 0 5\r\nhelloEND\nMSG",
                        "trailer is not END CRLF after MSG 1 0 . 0 5: \"END\\x0A"),
                arguments("#3 empty payload without trailer", "MSG 1 0 . 0 0\r\nMSG 1 1 . 0 0\r\nEND\r\n",
                        "trailer is not END CRLF after MSG 1 0 . 0 0: \"MSG 1\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedFrames")
    @DisplayName("#1-#3 a malformed frame terminates the session without a reply; other sessions keep working")
    void malformedFrameTerminatesWithoutReply(String rule, String octets, String named) throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            peer.startChannel(1, StandardProfiles.ECHO);
            CompletableFuture<BeepChannel> pending = pendingStart(session, peer);
            peer.sendRaw(octets);
            List<ReadFrame> after = peer.readUntilClosed();
            assertTrue(after.stream().allMatch(f -> f.type() == FrameType.SEQ),
                    () -> rule + ": the library answered a malformed frame: " + after);
            assertFailsWith(pending, SessionClosedException.class, named);
            assertSessionEnded(session);
        }
        assertOtherSessionsWork(client, server.port());
    }

    @Test
    @DisplayName("#2 a header with no CRLF within 62 octets terminates without waiting for more")
    void overlongHeaderTerminatesWithoutBuffering() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            peer.startChannel(1, StandardProfiles.ECHO);
            CompletableFuture<BeepChannel> pending = pendingStart(session, peer);
            // 63 octets of a plausible header and no CRLF; the connection stays open on our side.
            peer.sendRaw("MSG 1 0 . 0 " + "1".repeat(51));
            peer.readUntilClosed();
            assertFailsWith(pending, SessionClosedException.class, "no CRLF within 62 octets", "MSG 1 0 . 0 111");
        }
        assertOtherSessionsWork(client, server.port());
    }

    @Test
    @DisplayName("#2/#37 a frame larger than any window we advertise terminates before its payload arrives")
    void frameLargerThanMaxFrameSizeTerminatesBeforePayload() throws Exception {
        int tooBig = server.config().flow().maxWindow() + 1;
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            peer.startChannel(1, StandardProfiles.ECHO);
            CompletableFuture<BeepChannel> pending = pendingStart(session, peer);
            peer.sendRaw("MSG 1 0 . 0 " + tooBig + "\r\n"); // and not one octet of the payload
            peer.readUntilClosed();
            assertFailsWith(pending, SessionClosedException.class, "frame of " + tooBig + " octets exceeds the limit");
        }
        assertOtherSessionsWork(client, server.port());
    }

    @Test
    @DisplayName("#1 a malformed header fails the listener application's pending start with the offending header")
    void malformedHeaderFailsListenersPendingStart() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            CompletableFuture<BeepChannel> start = session.startChannel(StandardProfiles.ECHO);
            ReadFrame request = peer.readData();
            assertEquals(FrameType.MSG, request.type(), request.toString());
            peer.sendRaw("RPY 0 1 . 0  5\r\nhello END\r\n");
            peer.readUntilClosed();
            SessionClosedException e = assertFailsWith(start, SessionClosedException.class, "RPY 0 1 . 0  5");
            assertTrue(e.getMessage().contains("double SP"), e.getMessage());
        }
    }

    @Test
    @DisplayName("#1 a malformed reply header fails the initiator's pending MSG with the offending header")
    void malformedReplyHeaderFailsInitiatorsPendingMsg() throws Exception {
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (WirePeer peer = WirePeer.listener(listening, StandardProfiles.ECHO)) {
                BeepSession session = connecting.get(TIMEOUT, TimeUnit.SECONDS);
                CompletableFuture<BeepChannel> starting = session.startChannel(StandardProfiles.ECHO);
                int number = peer.acceptStart(StandardProfiles.ECHO);
                BeepChannel channel = starting.get(TIMEOUT, TimeUnit.SECONDS);
                CompletableFuture<Reply> reply = channel.send(MimeEntity.of("ping"));
                CompletableFuture<BeepChannel> otherStart = session.startChannel(StandardProfiles.ECHO);
                peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == number);
                peer.sendRaw("RPY " + number + " 0 . 0 4\r\nping\r\nEND\r\n");
                peer.readUntilClosed();
                assertFailsWith(reply, SessionClosedException.class, "trailer", "RPY " + number + " 0 . 0 4");
                assertFailsWith(otherStart, SessionClosedException.class, "trailer");
                assertSessionEnded(session);
            }
        }
    }
}
