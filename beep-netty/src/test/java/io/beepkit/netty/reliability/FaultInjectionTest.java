package io.beepkit.netty.reliability;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults injected by a scripted listener on a real socket while the library (as initiator) has exchanges in flight:
 * a TCP reset in the middle of a frame, a half-close, a peer that stops reading while we stream a large MSG, and a
 * slow reader. Every pending future completes within a bound (failing with {@link SessionClosedException} when the
 * connection is lost), the session's close future completes, and the leak detector finds no buffer left behind (the
 * partly read frame included).
 */
class FaultInjectionTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final long BOUND_SECONDS = 5;
    private static final String GREETING = ScriptedPeer.mgmt("<greeting><profile uri='" + StandardProfiles.ECHO + "'/></greeting>");

    BeepClient client;
    ScriptedPeer.Listening listening;

    @BeforeEach
    void start() throws Exception {
        client = teardown.add(BeepClient.builder().build());
        listening = teardown.add(ScriptedPeer.listen());
    }

    /** A connected session and the scripted peer behind it, with channel 1 started on echo. */
    private record Connected(BeepSession session, BeepChannel channel, ScriptedPeer peer) {
    }

    private Connected connect() throws Exception {
        CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
        ScriptedPeer peer = listening.accept();
        peer.sendFrame("RPY", 0, 0, '.', 0, GREETING);
        peer.readUntil(f -> f.type() == FrameType.RPY && f.header().channel() == 0); // the library's greeting
        BeepSession session = connecting.get(BOUND_SECONDS, TimeUnit.SECONDS);
        CompletableFuture<BeepChannel> starting = session.startChannel(StandardProfiles.ECHO);
        ReadFrame start = peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
        peer.sendFrame("RPY", 0, start.header().msgno(), '.', GREETING.getBytes(StandardCharsets.UTF_8).length,
                ScriptedPeer.mgmt("<profile uri='" + StandardProfiles.ECHO + "'/>"));
        return new Connected(session, starting.get(BOUND_SECONDS, TimeUnit.SECONDS), peer);
    }

    private static void assertFailsWithin(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(BOUND_SECONDS, TimeUnit.SECONDS),
                "still pending after " + BOUND_SECONDS + " s");
        assertInstanceOf(SessionClosedException.class, e.getCause(), () -> "failed with " + e.getCause());
    }

    private static void assertEnded(BeepSession session) throws Exception {
        session.closeFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);
        assertFalse(session.isOpen());
    }

    @Test
    @DisplayName("a TCP reset in the middle of a reply frame fails the pending exchanges and ends the session")
    void resetMidFrame() throws Exception {
        Connected c = connect();
        CompletableFuture<Reply> first = c.channel().send(MimeEntity.of("one"));
        CompletableFuture<Reply> second = c.channel().send(MimeEntity.of("two"));
        c.peer().readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 1);
        c.peer().sendRaw("RPY 1 0 . 0 100\r\n" + "x".repeat(50)); // half a frame
        Thread.sleep(50); // let the library read the partial frame before the reset
        c.peer().abort();
        assertFailsWithin(first);
        assertFailsWithin(second);
        assertEnded(c.session());
    }

    @Test
    @DisplayName("a half-close from the peer fails the pending exchanges and ends the session")
    void halfClose() throws Exception {
        Connected c = connect();
        CompletableFuture<Reply> pending = c.channel().send(MimeEntity.of("one"));
        c.peer().readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 1);
        c.peer().shutdownOutput();
        assertFailsWithin(pending);
        assertEnded(c.session());
        c.peer().readUntilClosed();
        c.peer().close();
    }

    @Test
    @DisplayName("a peer that stops reading while we stream a large MSG holds its future only until it disconnects")
    void peerStopsReadingDuringALargeMsg() throws Exception {
        Connected c = connect();
        c.peer().sendRaw("SEQ 1 0 16777216\r\n"); // room for the whole message, which the peer will not read
        CompletableFuture<Reply> pending = c.channel().send(MimeEntity.of(new byte[8 * 1024 * 1024]));
        Thread.sleep(500);
        assertFalse(pending.isDone(), "answered without a reply");
        assertTrue(c.session().isOpen());
        c.peer().abort();
        assertFailsWithin(pending);
        assertEnded(c.session());
    }

    @Test
    @DisplayName("a slow reader granting small windows gets a 512 KiB MSG whole, and its reply completes the future")
    void slowReader() throws Exception {
        Connected c = connect();
        byte[] body = new byte[512 * 1024];
        CompletableFuture<Reply> reply = c.channel().send(MimeEntity.of(body));
        long received = 0;
        while (true) {
            ReadFrame f = c.peer().readFrame();
            if (f.type() != FrameType.MSG || f.header().channel() != 1) {
                continue;
            }
            received += f.payload().length;
            c.peer().sendRaw("SEQ 1 " + received + " 16384\r\n");
            Thread.sleep(2);
            if (!f.header().more()) {
                break;
            }
        }
        assertTrue(received > body.length, "received " + received + " octets");
        c.peer().sendFrame("RPY", 1, 0, '.', 0, "\r\nok");
        assertEquals("ok", reply.get(BOUND_SECONDS, TimeUnit.SECONDS).entity().bodyText());
        // The scripted peer never answers our close; its disconnect still completes the close within the bound.
        CompletableFuture<Void> closing = c.session().close();
        c.peer().close();
        closing.handle((v, e) -> null).get(BOUND_SECONDS, TimeUnit.SECONDS);
        assertEnded(c.session());
    }
}
