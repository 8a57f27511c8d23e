package io.beepkit.netty.reliability;

import io.beepkit.netty.ListenerLimits;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ResourceLimitException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.EOFException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The listener-wide memory budget over real sockets: three peers that never read pile up replies until the sessions
 * together pass the listener's budget; the session holding the most is shed, one that goes on growing beyond its
 * share stops reading, new connections get ERR 421 in place of the greeting while the total stays above the low-water
 * mark, and are greeted again once it falls below.
 */
class ListenerMemoryBudgetTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final long LISTENER_BUDGET = 1024 * 1024;
    private static final long EACH = 350 * 1024;

    BeepServer server;
    final BlockingQueue<BeepSession> serverSessions = new LinkedBlockingQueue<>();
    final List<Socket> peers = new ArrayList<>();

    @Test
    @DisplayName("over the listener's budget the worst session is shed, new sessions get ERR 421, below half they are greeted")
    void overTheListenerBudgetShedsTheWorstAndRefusesNewSessions() throws Exception {
        SocketTuning small = SocketTuning.of("custom", SocketTuning.DEFAULT.socket().toBuilder().sendBuffer(4096)
                .writeBufferWaterMarks(4096, 8192).build(),
                SocketTuning.DEFAULT.flow());
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).onSession(serverSessions::add).tuning(small)
                .limits(ListenerLimits.builder().memoryBudget(LISTENER_BUDGET).build())
                .build().start().join());
        Peer a = new Peer();
        Peer b = new Peer();
        Peer c = new Peer();
        a.fillTo(EACH);
        b.fillTo(EACH);
        assertFalse(server.refusingSessions(), "refusing below the budget");
        // The third pushes the total over the budget while it holds less than either of the others.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (server.sessionsShed() == 0 && System.nanoTime() < deadline) {
            c.send(50);
        }
        assertEquals(1, server.sessionsShed(), "sessions shed");
        CompletableFuture.anyOf(a.session.closeFuture(), b.session.closeFuture()).get(5, TimeUnit.SECONDS);
        DefaultBeepSession shed = a.session.isOpen() ? b.session : a.session;
        DefaultBeepSession kept = shed == a.session ? b.session : a.session;
        ResourceLimitException why = assertInstanceOf(ResourceLimitException.class, shed.closeCause().getCause(),
                shed.closeCause()::toString);
        assertTrue(why.getMessage().startsWith("shed: the listener holds "), why.getMessage());
        assertTrue(why.getMessage().contains("memory budget of " + LISTENER_BUDGET), why.getMessage());
        assertTrue(kept.isOpen(), "the session holding less was shed too");
        assertTrue(c.session.isOpen(), "the newest session, holding the least, was shed");
        assertTrue(server.memoryHeld() > LISTENER_BUDGET / 2, "held " + server.memoryHeld());
        assertTrue(server.refusingSessions(), "not refusing above the low-water mark");
        assertTrue(c.session.memory().paused(), "a growing session holding more than its share still reads under pressure");

        try (ScriptedPeer refused = ScriptedPeer.connect(server.port())) {
            ScriptedPeer.ReadFrame f = refused.readFrame();
            assertEquals(FrameType.ERR, f.type(), f::toString);
            assertEquals(0, f.header().channel());
            assertEquals(0, f.header().msgno());
            assertTrue(f.text().contains("code='421'"), f.text());
            assertThrows(EOFException.class, refused::readFrame, "not closed after the ERR 421 greeting");
        }

        // The peers leave: the total falls below half the budget and sessions are greeted again.
        for (Socket s : peers) {
            s.close();
        }
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((server.memoryHeld() != 0 || server.refusingSessions()) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, server.memoryHeld(), "octets still counted after every session ended");
        assertFalse(server.refusingSessions(), "still refusing with nothing held");
        try (BeepClient client = BeepClient.builder().build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            assertNotNull(s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS));
            s.close().get(5, TimeUnit.SECONDS);
        }
    }

    /** A raw initiator with channel 1 on echo that never reads after the start; its MSGs are empty. */
    private final class Peer {
        final Socket socket = new Socket();
        final OutputStream out;
        final DefaultBeepSession session;
        int msgno;

        Peer() throws Exception {
            peers.add(teardown.add(socket));
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
            out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            MemoryBudgetTest.readUntil(in, "RPY 0 0 ");
            String greeting = ScriptedPeer.mgmt("<greeting/>");
            out.write(frame("RPY", 0, 0, 0, greeting));
            String start = ScriptedPeer.mgmt("<start number='1'><profile uri='" + StandardProfiles.ECHO + "'/></start>");
            out.write(frame("MSG", 0, 1, greeting.length(), start));
            out.flush();
            MemoryBudgetTest.readUntil(in, "RPY 0 1 ");
            session = (DefaultBeepSession) serverSessions.poll(5, TimeUnit.SECONDS);
            assertNotNull(session, "no session");
        }

        /**
         * Sends {@code messages} empty MSGs and waits until the listener has taken them in: its channel 1 received
         * every frame sent, or the session stopped reading (paused over its budget) or ended. A total that merely
         * stood still for a while is no proof: on a loaded machine the event loop may not have run at all.
         */
        void send(int messages) throws Exception {
            for (int i = 0; i < messages; i++) {
                out.write(frame("MSG", 1, msgno++, 0, ""));
            }
            out.flush();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (framesReceived() < msgno && !session.memory().paused() && session.isOpen()) {
                assertTrue(System.nanoTime() < deadline, "the listener took in " + framesReceived() + " of " + msgno);
                Thread.sleep(5);
            }
        }

        /** MSG frames the listener's session has read on channel 1. */
        long framesReceived() {
            return session.channels().stream().filter(c -> c.number() == 1).findFirst()
                    .map(c -> c.stats().framesReceived()).orElse(0L);
        }

        /** Sends until the listener's session holds at least {@code octets} for this peer. */
        void fillTo(long octets) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (session.memory().held() < octets && System.nanoTime() < deadline) {
                send(50);
            }
            assertTrue(session.memory().held() >= octets, "held only " + session.memory().held());
        }
    }

    private static byte[] frame(String keyword, int channel, int msgno, long seqno, String payload) {
        return (keyword + " " + channel + " " + msgno + " . " + seqno + " " + payload.length() + "\r\n" + payload
                + "END\r\n").getBytes(StandardCharsets.US_ASCII);
    }
}
