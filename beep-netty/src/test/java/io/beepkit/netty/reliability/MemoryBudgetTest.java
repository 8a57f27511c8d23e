package io.beepkit.netty.reliability;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ResourceLimitException;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.internal.session.SessionMemory;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The session memory budget over real sockets: a peer that never reads but keeps sending empty MSGs (each makes us
 * hold a reply, and costs no window) gets its session paused at the budget and terminated after the budget timeout,
 * the octets held never passing the budget by more than one message; partial answers to an initiator's MSG count
 * too; a well-behaved peer is never paused and leaves
 * nothing counted.
 */
class MemoryBudgetTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final long BUDGET = SessionLimits.MIN_MEMORY_BUDGET;
    private static final Duration OVER_FOR = Duration.ofSeconds(2);

    BeepServer server;
    BeepClient client;
    final BlockingQueue<BeepSession> serverSessions = new LinkedBlockingQueue<>();

    private void startServer(SessionConfig config) {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(config).onSession(serverSessions::add)
                .build().start().join());
    }

    private static byte[] frame(String keyword, int channel, int msgno, long seqno, String payload) {
        return (keyword + " " + channel + " " + msgno + " . " + seqno + " " + payload.length() + "\r\n" + payload
                + "END\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    @DisplayName("a peer that never reads but sends empty MSGs is paused at the budget, heap bounded, then terminated")
    void nonReadingPeerIsPausedThenTerminated() throws Exception {
        // Small socket buffers on both sides, so our replies back up into the session quickly.
        SocketTuning small = SocketTuning.of("custom", SocketTuning.DEFAULT.socket().toBuilder().sendBuffer(4096)
                .writeBufferWaterMarks(4096, 8192).build(),
                SocketTuning.DEFAULT.flow());
        startServer(SessionConfig.builder().tuning(small).limits(SessionLimits.builder().memoryBudget(BUDGET)
                .memoryBudgetTimeout(OVER_FOR).build()).build());
        try (Socket s = new Socket()) {
            s.setReceiveBufferSize(4096);
            s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
            OutputStream out = s.getOutputStream();
            DefaultBeepSession session = greetAndStartEcho(s.getInputStream(), out);
            SessionMemory memory = session.memory();
            // Never read again; write empty MSGs from another thread (the writes block once the server pauses).
            Thread writer = new Thread(() -> {
                try {
                    for (int msgno = 0; msgno < 1_000_000; msgno++) {
                        out.write(frame("MSG", 1, msgno, 0, ""));
                    }
                } catch (IOException closed) {
                    // the server terminated the session
                }
            }, "never-reading-peer");
            writer.setDaemon(true);
            long heapBefore = usedHeapAfterGc();
            long t0 = System.nanoTime();
            writer.start();
            while (memory.pauses() == 0 && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5)) {
                Thread.sleep(1);
            }
            long growth = usedHeapAfterGc() - heapBefore;
            assertTrue(session.isOpen(), "ended before the heap was measured: " + session.closeCause());
            assertTrue(growth < 16L * 1024 * 1024, "heap grew by " + growth + " octets while paused");
            session.closeFuture().get(OVER_FOR.toSeconds() + 10, TimeUnit.SECONDS);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(memory.pauses() >= 1, "never paused");
            assertTrue(ms >= OVER_FOR.toMillis(), "terminated after " + ms + " ms, before the budget timeout");
            assertInstanceOf(ResourceLimitException.class, session.closeCause().getCause(), session.closeCause()::toString);
            assertTrue(session.closeCause().getCause().getMessage().contains("memory budget of " + BUDGET),
                    session.closeCause().getCause().getMessage());
            // At most one MSG and its reply beyond the budget: the decoder stops at the next header.
            assertTrue(memory.peak() <= BUDGET + 2 * SessionMemory.PER_MESSAGE, "held " + memory.peak() + " octets");
            s.close();
            writer.join(5_000);
        }
    }

    @Test
    @DisplayName("a paused session resumes once the peer reads again, and every MSG held back is answered")
    void pausedSessionResumesWhenThePeerReads() throws Exception {
        SocketTuning small = SocketTuning.of("custom", SocketTuning.DEFAULT.socket().toBuilder().sendBuffer(4096)
                .writeBufferWaterMarks(4096, 8192).build(),
                SocketTuning.DEFAULT.flow());
        startServer(SessionConfig.builder().tuning(small).limits(SessionLimits.builder().memoryBudget(BUDGET).build())
                .build());
        int messages = 5_000;
        try (Socket s = new Socket()) {
            s.setReceiveBufferSize(4096);
            s.setSoTimeout(10_000);
            s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            DefaultBeepSession session = greetAndStartEcho(in, out);
            Thread writer = new Thread(() -> {
                try {
                    for (int msgno = 0; msgno < messages; msgno++) {
                        out.write(frame("MSG", 1, msgno, 0, ""));
                    }
                    out.flush();
                } catch (IOException closed) {
                    // reported by the reader's count
                }
            }, "late-reading-peer");
            writer.setDaemon(true);
            writer.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (session.memory().pauses() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(session.memory().pauses() >= 1, "never paused");
            for (int i = 0; i < messages; i++) {
                try {
                    readUntil(in, "RPY 1 " + i + " ");
                } catch (java.net.SocketTimeoutException e) {
                    throw new AssertionError("no reply to MSG " + i + "; held " + session.memory().held()
                            + ", paused " + session.memory().paused() + ", pauses " + session.memory().pauses(), e);
                }
            }
            writer.join(5_000);
            assertTrue(session.isOpen(), "the session ended: " + session.closeCause());
        }
    }

    @Test
    @DisplayName("partial answers to our MSG count against an initiator's budget: paused, then terminated")
    void partialAnswersCountOnAnInitiator() throws Exception {
        SocketTuning wide = SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(256 * 1024).build());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().tuning(wide).limits(SessionLimits.builder()
                .memoryBudget(BUDGET).memoryBudgetTimeout(OVER_FOR).build()).build()).build());
        String greeting = ScriptedPeer.mgmt("<greeting><profile uri='" + StandardProfiles.ECHO + "'/></greeting>");
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendFrame("RPY", 0, 0, '.', 0, greeting);
                DefaultBeepSession session = (DefaultBeepSession) connecting.get(5, TimeUnit.SECONDS);
                CompletableFuture<BeepChannel> starting = session.startChannel(StandardProfiles.ECHO);
                var start = peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
                peer.sendFrame("RPY", 0, start.header().msgno(), '.', greeting.getBytes(StandardCharsets.UTF_8).length,
                        ScriptedPeer.mgmt("<profile uri='" + StandardProfiles.ECHO + "'/>"));
                BeepChannel ch = starting.get(5, TimeUnit.SECONDS);
                CompletableFuture<Reply> reply = ch.send(MimeEntity.of("go"));
                peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 1);
                String part = "x".repeat(1000);
                for (int ansno = 0; ansno < 100; ansno++) { // 100 answers begun, none finished
                    peer.sendRaw("ANS 1 0 * " + (ansno * 1000L) + " 1000 " + ansno + "\r\n" + part + "END\r\n");
                }
                session.closeFuture().get(OVER_FOR.toSeconds() + 10, TimeUnit.SECONDS);
                assertTrue(session.memory().pauses() >= 1, "never paused");
                assertInstanceOf(ResourceLimitException.class, session.closeCause().getCause(),
                        session.closeCause()::toString);
                assertTrue(session.memory().peak() <= BUDGET + 1000, "held " + session.memory().peak());
                ExecutionException e = assertThrows(ExecutionException.class, () -> reply.get(5, TimeUnit.SECONDS));
                assertInstanceOf(SessionClosedException.class, e.getCause());
            }
        }
    }

    @Test
    @DisplayName("a well-behaved peer with pipelined echoes on four channels is never paused and leaves nothing held")
    void wellBehavedPeerIsNeverPaused() throws Exception {
        startServer(SessionConfig.builder().limits(SessionLimits.builder().memoryBudget(BUDGET * 4).build()).build());
        client = teardown.add(BeepClient.builder().build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        DefaultBeepSession session = (DefaultBeepSession) serverSessions.poll(5, TimeUnit.SECONDS);
        assertNotNull(session);
        List<CompletableFuture<Reply>> replies = new ArrayList<>();
        byte[] body = new byte[1000];
        for (int c = 0; c < 4; c++) {
            BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
            for (int i = 0; i < 16; i++) {
                replies.add(ch.send(MimeEntity.of(body)));
            }
        }
        for (int round = 0; round < 50; round++) {
            for (CompletableFuture<Reply> r : replies) {
                assertEquals(1000, r.get(10, TimeUnit.SECONDS).entity().body().length);
            }
            List<CompletableFuture<Reply>> next = new ArrayList<>();
            for (BeepChannel ch : s.channels()) {
                for (int i = 0; i < 16; i++) {
                    next.add(ch.send(MimeEntity.of(body)));
                }
            }
            replies = next;
        }
        for (CompletableFuture<Reply> r : replies) {
            r.get(10, TimeUnit.SECONDS);
        }
        assertEquals(0, session.memory().pauses(), "paused a well-behaved peer");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        long channelsOnly = 4L * SessionMemory.PER_CHANNEL; // the four channels are still open
        while (session.memory().held() != channelsOnly && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(channelsOnly, session.memory().held(), "octets still counted after every exchange completed");
        assertTrue(session.memory().peak() > 0, "nothing was ever counted");
        s.close().get(5, TimeUnit.SECONDS);
    }

    /**
     * Greets as a raw initiator, starts channel 1 on echo, waits for the start's reply and grants the listener a
     * 1 MiB window on channel 1; returns the listener's session.
     */
    private DefaultBeepSession greetAndStartEcho(InputStream in, OutputStream out) throws Exception {
        readUntil(in, "RPY 0 0 ");
        String greeting = ScriptedPeer.mgmt("<greeting/>");
        out.write(frame("RPY", 0, 0, 0, greeting));
        String start = ScriptedPeer.mgmt("<start number='1'><profile uri='" + StandardProfiles.ECHO + "'/></start>");
        out.write(frame("MSG", 0, 1, greeting.length(), start));
        out.flush();
        readUntil(in, "RPY 0 1 "); // channel 1 is open: the start was decided off the event loop
        out.write("SEQ 1 0 1048576\r\n".getBytes(StandardCharsets.US_ASCII)); // a large window for our replies
        DefaultBeepSession session = (DefaultBeepSession) serverSessions.poll(5, TimeUnit.SECONDS);
        assertNotNull(session, "no session");
        return session;
    }

    private static long usedHeapAfterGc() {
        System.gc();
        return java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Reads whole frames (SEQs included) until one whose header starts with {@code prefix}. */
    static void readUntil(InputStream in, String prefix) throws IOException {
        while (true) {
            ByteArrayOutputStream header = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) != '\n') {
                if (b < 0) {
                    throw new IOException("closed before " + prefix);
                }
                header.write(b);
            }
            String line = header.toString(StandardCharsets.US_ASCII).trim();
            if (!line.startsWith("SEQ ")) {
                String[] parts = line.split(" ");
                in.readNBytes(Integer.parseInt(parts[5]) + 5); // the size is the sixth field of every data frame
            }
            if (line.startsWith(prefix)) {
                return;
            }
        }
    }
}
