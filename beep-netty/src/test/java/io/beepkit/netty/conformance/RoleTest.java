package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.SessionRole;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #40: roles come from the TCP open. The active opener ({@link BeepClient}) is the initiator and numbers
 * its channels odd; the passive opener ({@link BeepServer}) is the listener and numbers its channels even; a start
 * with the other role's parity is refused (501). Simultaneous open is not supported: every connection has exactly one
 * active opener, so nothing here can test it.
 */
class RoleTest extends LibraryPeersTest {
    @Override
    BeepClient.Builder initiator(BeepClient.Builder builder) {
        return builder.profile(StandardProfiles.ECHO, StandardProfiles.echo());
    }

    private static int startNumber(ReadFrame start) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("number='(\\d+)'").matcher(start.text());
        assertTrue(m.find(), start.toString());
        return Integer.parseInt(m.group(1));
    }

    @Test
    @DisplayName("#40 the active opener is the initiator and asks for odd channel numbers")
    void activeOpenerIsInitiatorWithOddChannels() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            assertEquals(SessionRole.INITIATOR, lib.session.role());
            List<Integer> numbers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                CompletableFuture<BeepChannel> starting = lib.session.startChannel(StandardProfiles.ECHO);
                ReadFrame start = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
                numbers.add(startNumber(start));
                lib.peer.send("RPY", 0, start.header().msgno(), false,
                        ScriptedPeer.mgmt("<profile uri='" + StandardProfiles.ECHO + "'/>"));
                assertEquals(numbers.get(i), starting.get(TIMEOUT, TimeUnit.SECONDS).number());
            }
            assertEquals(List.of(1, 3, 5), numbers);
        }
    }

    @Test
    @DisplayName("#40 the passive opener is the listener and asks for even channel numbers")
    void passiveOpenerIsListenerWithEvenChannels() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            assertEquals(SessionRole.LISTENER, session.role());
            List<Integer> numbers = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                CompletableFuture<BeepChannel> starting = session.startChannel(StandardProfiles.ECHO);
                ReadFrame start = peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
                numbers.add(startNumber(start));
                peer.send("RPY", 0, start.header().msgno(), false,
                        ScriptedPeer.mgmt("<profile uri='" + StandardProfiles.ECHO + "'/>"));
                assertEquals(numbers.get(i), starting.get(TIMEOUT, TimeUnit.SECONDS).number());
            }
            assertEquals(List.of(2, 4), numbers);
        }
    }

    @Test
    @DisplayName("#40 between two library peers, the client's channels are odd and the server's even")
    void clientChannelsOddServerChannelsEven() throws Exception {
        BeepSession clientSide = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepSession serverSide = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
        assertEquals(SessionRole.INITIATOR, clientSide.role());
        assertEquals(SessionRole.LISTENER, serverSide.role());
        BeepChannel up = clientSide.startChannel(StandardProfiles.ECHO).get(TIMEOUT, TimeUnit.SECONDS);
        BeepChannel down = serverSide.startChannel(StandardProfiles.ECHO).get(TIMEOUT, TimeUnit.SECONDS);
        assertEquals(1, up.number() % 2, "client channel " + up.number());
        assertEquals(0, down.number() % 2, "server channel " + down.number());
        // Either role may call the other (RFC 3080 §2.7).
        assertEquals("up", up.send(MimeEntity.of("up")).get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        assertEquals("down", down.send(MimeEntity.of("down")).get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        clientSide.close().get(TIMEOUT, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("#40/#17 an initiator asking the listener for an even channel number gets ERR 501")
    void initiatorAskingForEvenChannelIsRefused() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            ReadFrame refused = peer.requestStart(2, StandardProfiles.ECHO);
            assertEquals(FrameType.ERR, refused.type(), refused.toString());
            assertTrue(refused.text().contains("501"), refused.toString());
            assertTrue(refused.text().contains("channel number 2 has the wrong parity"), refused.toString());
            peer.startChannel(1, StandardProfiles.ECHO); // the session is still fine
        }
    }

    @Test
    @DisplayName("#40/#17 a listener asking the initiator for an odd channel number gets ERR 501")
    void listenerAskingForOddChannelIsRefused() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            ReadFrame refused = lib.peer.requestStart(3, StandardProfiles.ECHO);
            assertEquals(FrameType.ERR, refused.type(), refused.toString());
            assertTrue(refused.text().contains("501"), refused.toString());
            assertTrue(refused.text().contains("channel number 3 has the wrong parity"), refused.toString());
            ReadFrame ok = lib.peer.requestStart(2, StandardProfiles.ECHO);
            assertEquals(FrameType.RPY, ok.type(), ok.toString());
        }
    }
}
