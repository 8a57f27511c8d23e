package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #6 (RFC 3080 §2.2.1.1): NUL ends an ANS series and is empty. The one tolerated deviation is Vortex 1.1's
 * NUL of size 2 carrying its empty MIME header section (CRLF); any other NUL payload terminates the session.
 */
class NulFrameTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String PROFILE = "urn:test:answers";
    ScriptedPeer.Listening listening;
    BeepClient client;

    @BeforeEach
    void start() throws Exception {
        listening = teardown.add(ScriptedPeer.listen());
        client = teardown.add(BeepClient.builder().build());
    }

    /** Plays the listener up to the initiator's MSG 1 0 on channel 1; returns the pending reply. */
    private CompletableFuture<Reply> openChannelAndSend(ScriptedPeer peer, CompletableFuture<BeepSession> connecting)
            throws Exception {
        peer.sendGreeting(PROFILE);
        assertEquals(FrameType.RPY, peer.readDataFrame().type()); // the client's greeting
        BeepSession session = connecting.get(5, TimeUnit.SECONDS);
        CompletableFuture<BeepChannel> starting = session.startChannel(PROFILE);
        ReadFrame start = peer.readDataFrame();
        assertTrue(start.text().contains("<start"), start.toString());
        // Our channel-0 seqno continues after the greeting we sent.
        long seqno = ScriptedPeer.mgmt("<greeting><profile uri='" + PROFILE + "'/></greeting>").length();
        peer.sendFrame("RPY", 0, start.header().msgno(), '.', seqno,
                ScriptedPeer.mgmt("<profile uri='" + PROFILE + "'/>"));
        BeepChannel ch = starting.get(5, TimeUnit.SECONDS);
        CompletableFuture<Reply> reply = ch.send(MimeEntity.of("q"));
        ReadFrame msg = peer.readDataFrame();
        assertEquals(FrameType.MSG, msg.type());
        assertEquals(1, msg.header().channel());
        return reply;
    }

    @Test
    @DisplayName("#6 NUL with Vortex's CRLF payload ends the ANS series")
    void nulCarryingAnEmptyMimeHeaderIsTolerated() throws Exception {
        CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
        try (ScriptedPeer peer = listening.accept()) {
            CompletableFuture<Reply> reply = openChannelAndSend(peer, connecting);
            peer.sendRaw("ANS 1 0 . 0 3 0\r\n\r\na" + "END\r\n");
            peer.sendRaw("NUL 1 0 . 3 2\r\n\r\nEND\r\n");
            Reply r = reply.get(5, TimeUnit.SECONDS);
            assertEquals(Reply.Kind.ANSWERS, r.kind());
            assertEquals(1, r.answers().size());
            assertEquals("a", r.answers().get(0).bodyText());
        }
    }

    @Test
    @DisplayName("#6 NUL carrying data terminates")
    void nulCarryingDataTerminates() throws Exception {
        CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
        try (ScriptedPeer peer = listening.accept()) {
            CompletableFuture<Reply> reply = openChannelAndSend(peer, connecting);
            peer.sendRaw("NUL 1 0 . 0 3\r\nabcEND\r\n");
            peer.readUntilClosed();
            ExecutionException e = assertThrows(ExecutionException.class, () -> reply.get(5, TimeUnit.SECONDS));
            assertInstanceOf(SessionClosedException.class, e.getCause());
            assertTrue(e.getCause().getMessage().contains("carries 3 octets"), e.getCause().getMessage());
        }
    }
}
