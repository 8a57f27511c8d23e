package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #26 (RFC 3080 §2.7), first half: either role may send MSG on any channel. Here the listener calls the
 * initiator on a channel the initiator opened, with the library on either side. (A channel the listener opens itself
 * is RoleTest's.)
 */
class ListenerInitiatedTest extends LibraryPeersTest {
    @Override
    BeepClient.Builder initiator(BeepClient.Builder builder) {
        return builder.profile(StandardProfiles.ECHO, StandardProfiles.echo());
    }

    private static BeepChannel channel(BeepSession session, int number) {
        return session.channels().stream().filter(c -> c.number() == number).findFirst()
                .orElseThrow(() -> new AssertionError("no channel " + number + " on " + session));
    }

    private static String body(ReadFrame f) {
        return f.text().startsWith("\r\n") ? f.text().substring(2) : f.text();
    }

    @Test
    @DisplayName("#26 the library listener sends MSG on a channel the initiator opened and gets the reply")
    void listenerLibraryCallsInitiatorOnInitiatorsChannel() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            assertNotNull(session);
            peer.startChannel(1, StandardProfiles.ECHO);
            BeepChannel ch = channel(session, 1);
            CompletableFuture<Reply> reply = ch.send(MimeEntity.of("from the listener"));
            ReadFrame msg = peer.readUntil(f -> f.type() != FrameType.SEQ && f.header().channel() == 1);
            assertEquals(FrameType.MSG, msg.type(), msg.toString());
            assertEquals(0, msg.header().msgno());
            assertEquals("from the listener", body(msg));
            peer.send("RPY", 1, 0, false, "\r\nthanks");
            assertEquals("thanks", reply.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        }
    }

    @Test
    @DisplayName("#26 the library initiator answers the listener's MSG on its own channel while its MSG is pending")
    void initiatorLibraryAnswersListenersMsgOnItsOwnChannel() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            CompletableFuture<Reply> ours = ch.send(MimeEntity.of("up"));
            ReadFrame up = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 1);
            // The listener calls the initiator on channel 1 before answering the initiator's MSG.
            lib.peer.send("MSG", 1, 0, false, "\r\ndown");
            ReadFrame echo = lib.peer.readUntil(f -> f.type() != FrameType.SEQ && f.header().channel() == 1);
            assertEquals(FrameType.RPY, echo.type(), echo.toString());
            assertEquals(0, echo.header().msgno());
            assertEquals("down", body(echo));
            lib.peer.send("RPY", 1, up.header().msgno(), false, "\r\nup-reply");
            assertEquals("up-reply", ours.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        }
    }

    @Test
    @DisplayName("#26 between libraries the server calls the client on the client's channel, reaching its handler")
    void serverCallsClientOnClientsChannel() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepSession listenerSide = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
        BeepChannel up = s.startChannel(ChannelRequest.builder().profile(StandardProfiles.ECHO)
                .handler((Message m, Responder r) -> r.reply(MimeEntity.of("client got " + m.entity().bodyText())))
                .build()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepChannel down = channel(listenerSide, up.number());
        CompletableFuture<Reply> fromServer = down.send(MimeEntity.of("call"));
        CompletableFuture<Reply> fromClient = up.send(MimeEntity.of("echo me"));
        assertEquals("client got call", fromServer.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        assertEquals("echo me", fromClient.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        assertTrue(up.number() % 2 == 1);
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
    }
}
