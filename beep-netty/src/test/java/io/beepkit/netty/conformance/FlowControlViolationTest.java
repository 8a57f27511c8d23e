package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertSessionEnded;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #28 (never send past ackno + window; a peer that overruns our window terminates) and #29 (SEQ syntax,
 * SEQ for an unknown channel, SEQ that acknowledges unsent octets, SEQ that moves the right edge left).
 */
class FlowControlViolationTest extends LibraryPeersTest {
    /** A MSG payload of {@code n} body octets with no MIME headers: CRLF, then a recognisable pattern. */
    static byte[] body(int n) {
        byte[] b = new byte[n + 2];
        b[0] = '\r';
        b[1] = '\n';
        for (int i = 2; i < b.length; i++) {
            b[i] = (byte) ('a' + i % 26);
        }
        return b;
    }

    /** Reads SEQs until the library's window on {@code channel} opens at least {@code octets}. */
    static void awaitWindow(WirePeer peer, int channel, int octets) throws Exception {
        while (peer.libraryWindowOpen(channel) < octets) {
            peer.readUntil(f -> f.type() == FrameType.SEQ && f.header().channel() == channel);
        }
    }

    /**
     * A barrier: a round trip on another echo channel. Replies leave in the order the library produced them, so any
     * frame the library would have sent on a blocked channel before answering this one is on the wire before it
     * (and {@link WirePeer} fails the test if that frame passes our window).
     */
    static void roundTrip(WirePeer peer, int channel, int msgno) throws Exception {
        peer.send("MSG", channel, msgno, false, "\r\nbarrier");
        ReadFrame r = peer.readData();
        assertEquals(channel, r.header().channel(), () -> "expected the barrier reply, got " + r);
        assertTrue(r.text().endsWith("barrier"), r.toString());
    }

    // ------------------------------------------------------------------ #28 overrun

    @Test
    @DisplayName("#28 a frame past the window the listener advertised terminates")
    void frameOverrunningAdvertisedWindowTerminates() throws Exception {
        int window = server.config().flow().initialWindow();
        assertListenerTerminates(p -> {
            awaitWindow(p, 1, window); // the SEQ announcing the profile's window (RFC default until then)
            assertEquals(window, p.libraryWindowOpen(1));
            p.send("MSG", 1, 0, false, body(window - 1)); // window + 1 octets
        }, "frame of " + (window + 1) + " octets on channel 1 exceeds the " + window
                + " octets its receive window leaves open"); // refused at its header, before the payload
    }

    @Test
    @DisplayName("#27/#28 with the RFC's 4096-octet window and no SEQ, a 4097-octet frame terminates")
    void frameOverrunningDefaultWindowTerminates() throws Exception {
        SessionConfig fixed = SessionConfig.builder().tuning(SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(4096).build())).build();
        try (BeepServer small = BeepServer.builder().bind("127.0.0.1", 0).session(fixed).build().start().join();
             WirePeer peer = WirePeer.initiator(small.port())) {
            peer.startChannel(1, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, false, body(4096 - 2)); // exactly the window: accepted
            ReadFrame echo = peer.readData();
            assertEquals(FrameType.RPY, echo.type(), echo.toString());
            awaitWindow(peer, 1, 4096);
            peer.send("MSG", 1, 1, false, body(4096 - 1)); // one octet more than is open
            List<ReadFrame> after = peer.readUntilClosed();
            assertTrue(after.stream().noneMatch(f -> f.type() == FrameType.RPY), after::toString);
        }
    }

    @Test
    @DisplayName("#28 a reply past the window the initiator advertised fails its pending MSG")
    void replyOverrunningInitiatorsWindowFailsPendingMsg() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            int n = ch.number();
            int window = client.config().flow().initialWindow();
            CompletableFuture<Reply> reply = ch.send(MimeEntity.of("ping"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            awaitWindow(lib.peer, n, window);
            lib.peer.send("RPY", n, 0, false, body(window - 1));
            lib.peer.readUntilClosed();
            assertFailsWith(reply, SessionClosedException.class,
                    "frame of " + (window + 1) + " octets on channel " + n + " exceeds the " + window
                            + " octets its receive window leaves open");
            assertSessionEnded(lib.session);
        }
    }

    // ------------------------------------------------------------------ #28 the library's own sending

    @Test
    @DisplayName("#28 the listener's reply stops at exactly the initiator's 4096-octet window and resumes on SEQ")
    void listenerReplyStopsAtPeersWindowAndResumesOnSeq() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO).startChannel(3, StandardProfiles.ECHO);
            byte[] msg = body(10_000);
            awaitWindow(peer, 1, msg.length);
            peer.send("MSG", 1, 0, false, msg); // the echo is 10002 octets; we never opened more than 4096
            ByteArrayOutputStream echoed = new ByteArrayOutputStream();
            int msgno = 0;
            for (long edge = 4096; ; edge += 4096) {
                while (peer.receivedOn(1) < Math.min(edge, msg.length)) {
                    ReadFrame f = peer.readUntil(x -> x.type() != FrameType.SEQ && x.header().channel() == 1);
                    assertEquals(FrameType.RPY, f.type(), f.toString());
                    echoed.writeBytes(f.payload());
                }
                if (peer.receivedOn(1) == msg.length) {
                    break;
                }
                assertEquals(edge, peer.receivedOn(1), "the library stopped before the window was full");
                roundTrip(peer, 3, msgno++); // nothing more on channel 1 until we open the window
                peer.seq(1, 4096);
            }
            assertArrayEquals(msg, echoed.toByteArray());
        }
    }

    @Test
    @DisplayName("#28 the initiator's MSG stops at exactly the listener's 4096-octet window and resumes on SEQ")
    void initiatorMsgStopsAtPeersWindowAndResumesOnSeq() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, StandardProfiles.ECHO)) {
            BeepChannel ch = lib.open(StandardProfiles.ECHO);
            BeepChannel probe = lib.open(StandardProfiles.ECHO);
            int n = ch.number();
            byte[] big = new byte[10_000];
            Arrays.fill(big, (byte) 'x');
            CompletableFuture<Reply> reply = ch.send(MimeEntity.of(big));
            ByteArrayOutputStream sent = new ByteArrayOutputStream();
            ReadFrame f = lib.peer.readUntil(x -> x.type() == FrameType.MSG && x.header().channel() == n);
            sent.writeBytes(f.payload());
            assertEquals(4096, lib.peer.receivedOn(n), "the first frame fills exactly the window: " + f);
            // Barrier: a MSG on the other channel; anything more on channel n would come before it (and fail).
            CompletableFuture<Reply> barrier = probe.send(MimeEntity.of("barrier"));
            ReadFrame b = lib.peer.readData();
            assertEquals(probe.number(), b.header().channel(), b.toString());
            lib.peer.send("RPY", probe.number(), b.header().msgno(), false, b.payload());
            assertEquals("barrier", barrier.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
            while (f.header().more()) {
                lib.peer.seq(n, 4096);
                f = lib.peer.readUntil(x -> x.type() == FrameType.MSG && x.header().channel() == n);
                sent.writeBytes(f.payload());
            }
            lib.peer.send("RPY", n, 0, false, "\r\ndone");
            assertEquals("done", reply.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
            assertTrue(new String(sent.toByteArray()).endsWith(new String(big)), "the MSG arrived whole");
        }
    }

    // ------------------------------------------------------------------ #29 SEQ

    @Test
    @DisplayName("#29 a SEQ without its window field terminates")
    void seqMissingWindowTerminates() throws Exception {
        assertListenerTerminates(p -> p.sendRaw("SEQ 1 0\r\n"), "expected one SP before window", "SEQ 1 0");
    }

    @Test
    @DisplayName("#29 a SEQ with an extra field terminates")
    void seqWithExtraFieldTerminates() throws Exception {
        assertListenerTerminates(p -> p.sendRaw("SEQ 1 0 4096 0\r\n"), "trailing octets", "SEQ 1 0 4096 0");
    }

    @Test
    @DisplayName("#29 a SEQ with an ackno past 2^32-1 terminates")
    void seqAcknoOutOfRangeTerminates() throws Exception {
        assertListenerTerminates(p -> p.sendRaw("SEQ 1 4294967296 4096\r\n"), "ackno 4294967296 out of range");
    }

    @Test
    @DisplayName("#29 a SEQ for a channel that was never started terminates")
    void seqForUnknownChannelTerminates() throws Exception {
        assertListenerTerminates(p -> p.sendRaw("SEQ 9 0 4096\r\n"), "SEQ for channel 9, which is not open");
    }

    @Test
    @DisplayName("#29 a SEQ acknowledging octets the library never sent terminates")
    void seqAcknowledgingUnsentOctetsTerminates() throws Exception {
        assertListenerTerminates(p -> p.sendRaw("SEQ 1 100 4096\r\n"),
                "SEQ acknowledges 100 but the next octet we send is 0");
    }

    @Test
    @DisplayName("#29 a SEQ for a channel that just closed is ignored (it may have crossed the close)")
    void seqForJustClosedChannelIsIgnored() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO).startChannel(3, StandardProfiles.ECHO);
            ReadFrame ok = peer.requestClose(3);
            assertTrue(ok.text().contains("<ok"), ok.toString());
            peer.sendRaw("SEQ 3 0 8192\r\n");
            roundTrip(peer, 1, 0);
        }
    }

    @Test
    @DisplayName("#29 a SEQ moving the right edge left is honoured: the library never sends past the new edge")
    void seqShrinkingTheWindowIsHonoured() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO).startChannel(3, StandardProfiles.ECHO);
            peer.seq(1, 8192); // edge 8192
            peer.seq(1, 2048); // edge 2048: moved left, which RFC 3081 says a peer should not do
            byte[] msg = body(6000);
            awaitWindow(peer, 1, msg.length);
            peer.send("MSG", 1, 0, false, msg);
            while (peer.receivedOn(1) < 2048) {
                peer.readUntil(x -> x.type() != FrameType.SEQ && x.header().channel() == 1);
            }
            assertEquals(2048, peer.receivedOn(1));
            roundTrip(peer, 3, 0); // WirePeer fails if anything on channel 1 passes 2048
            peer.seq(1, 8192);
            while (peer.receivedOn(1) < msg.length) {
                peer.readUntil(x -> x.type() != FrameType.SEQ && x.header().channel() == 1);
            }
            assertEquals(msg.length, peer.receivedOn(1));
        }
    }
}
