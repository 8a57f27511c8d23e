package io.beepkit.netty.conformance;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.testing.ScriptedPeer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.assertOtherSessionsWork;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A frame declaring more than the channel's receive window leaves open is refused when its header arrives (RFC 3081
 * §3.1.2), over a real socket: the peer sends only the header and never the payload, and the session still ends at
 * once with a message naming the frame, so nothing beyond the header was waited for or buffered. The attack: many
 * connections each sending {@code RPY 0 0 . 0 1048576} before greeting, then the octets slowly.
 */
class FrameSizeAtHeaderTest extends LibraryPeersTest {
    /** Far below the 15 s greeting timeout: the close comes from the header, not from a timer. */
    private static final long PROMPT_MILLIS = 3_000;

    @Override
    BeepServer.Builder listener(BeepServer.Builder builder) {
        // Windows start at the RFC's 4096 octets (no SEQ needed to know them) and may grow to 1 MiB: the old global
        // check let a 1 MiB frame through on any channel.
        return builder.session(SessionConfig.builder().tuning(SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().initialWindow(4096).maxWindow(1 << 20).build())).build());
    }

    @Test
    @DisplayName("a listener closes a connection whose first header declares 1 MiB on channel 0, before any payload")
    void oversizedGreetingHeaderClosesAtOnce() throws Exception {
        try (ScriptedPeer peer = ScriptedPeer.connect(server.port())) {
            peer.readDataFrame(); // our greeting
            long t0 = System.nanoTime();
            peer.sendRaw("RPY 0 0 . 0 1048576\r\n");
            peer.readUntilClosed();
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(ms < PROMPT_MILLIS, "closed only after " + ms + " ms");
        }
        assertOtherSessionsWork(client, server.port());
    }

    @Test
    @DisplayName("an initiator fails its connect naming the frame when the greeting's header declares 1 MiB")
    void initiatorNamesTheOversizedFrame() throws Exception {
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connect = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendRaw("RPY 0 0 . 0 1048576\r\n");
                SessionClosedException e = assertFailsWith(connect, SessionClosedException.class);
                BeepProtocolException cause = assertInstanceOf(BeepProtocolException.class, e.getCause(), e::toString);
                assertTrue(cause.getMessage().contains("frame of 1048576 octets on channel 0 exceeds the 4096 octets"),
                        cause.getMessage());
                peer.readUntilClosed();
            }
        }
    }

    @Test
    @DisplayName("on a started channel, a header declaring one octet more than the open window terminates at once")
    void headerOverTheOpenWindowTerminates() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO);
            BeepSession session = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
            assertNotNull(session);
            long open = 4096;
            peer.sendRaw("MSG 1 0 . 0 " + (open + 1) + "\r\n");
            peer.readUntilClosed();
            session.closeFuture().get(TIMEOUT, TimeUnit.SECONDS);
            Throwable cause = ((io.beepkit.netty.internal.session.DefaultBeepSession) session).closeCause().getCause();
            assertInstanceOf(BeepProtocolException.class, cause);
            assertTrue(cause.getMessage().contains("frame of " + (open + 1) + " octets on channel 1 exceeds the "
                    + open + " octets its receive window leaves open"), cause.getMessage());
        }
        assertOtherSessionsWork(client, server.port());
    }

    @Test
    @DisplayName("a frame filling exactly the open window passes")
    void frameFillingTheWindowPasses() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO);
            int open = 4096;
            peer.send("MSG", 1, 0, false, "\r\n" + "x".repeat(open - 2));
            assertTrue(peer.readData().text().endsWith("x"));
        }
    }
}
