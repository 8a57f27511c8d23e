package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MessageStream;
import io.beepkit.api.Reply;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageChunk;
import io.beepkit.api.StreamingHandler;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static io.beepkit.netty.conformance.Violations.assertFailsWith;
import static io.beepkit.netty.conformance.Violations.pendingStart;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #8 at session level: a channel's counters cannot be preset from outside the library, so these tests
 * cross 2^32 for real by carrying a little over 4 GiB on one channel over loopback, in each direction (about five
 * seconds each). The core unit tests start the counters near 2^32 instead.
 */
class SequenceWrapTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String COUNT = "urn:beepkit:test:count";

    /** Streams MSGs through without holding them and answers each with the number of octets it carried. */
    static StreamingHandler counter() {
        return new StreamingHandler() {
            private long count;

            @Override
            public CompletionStage<?> onChunk(MessageChunk chunk, Responder r) {
                count += chunk.size();
                if (chunk.last()) {
                    r.reply(MimeEntity.of(Long.toString(count)));
                    count = 0;
                }
                return CompletableFuture.completedFuture(null);
            }
        };
    }

    @Test
    @DisplayName("#8 incoming seqnos cross 2^32 on one channel; a mismatch after the wrap names the wrapped seqno")
    void incomingSeqnosWrapAtTwoToThe32() throws Exception {
        BlockingQueue<BeepSession> sessions = new LinkedBlockingQueue<>();
        SessionConfig bulk = SessionConfig.builder().tuning(SocketTuning.BULK).build();
        long total = WirePeer.MOD + 3 * 1024 * 1024;
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).session(bulk).profile(COUNT, counter())
                .onSession(sessions::add).build().start().join();
             WirePeer peer = WirePeer.initiator(server.port())) {
            BeepSession session = sessions.poll(TIMEOUT, TimeUnit.SECONDS);
            peer.startChannel(1, COUNT);
            byte[] chunk = new byte[1 << 20];
            chunk[0] = '\r';
            chunk[1] = '\n';
            long left = total;
            while (left > 0) {
                long open = Math.min(Math.min(peer.libraryWindowOpen(1), chunk.length), left);
                if (open <= 0) {
                    peer.readUntil(f -> f.type() == FrameType.SEQ && f.header().channel() == 1);
                    continue;
                }
                left -= open;
                peer.sendBulk("MSG", 1, 0, left > 0, chunk, (int) open);
            }
            ReadFrame reply = peer.readUntil(f -> f.type() != FrameType.SEQ && f.header().channel() == 1);
            assertEquals(FrameType.RPY, reply.type(), reply.toString());
            assertTrue(reply.text().endsWith(Long.toString(total)), reply.toString());
            long expected = peer.nextSeqno(1);
            assertEquals(total - WirePeer.MOD, expected);
            CompletableFuture<BeepChannel> pending = pendingStart(session, peer);
            peer.sendAt("MSG", 1, 1, false, expected + 1, "\r\nx".getBytes());
            peer.readUntilClosed();
            assertFailsWith(pending, SessionClosedException.class,
                    "frame seqno " + (expected + 1) + " but expected " + expected);
        }
    }

    @Test
    @DisplayName("#8 outgoing seqnos cross 2^32 on one channel; SEQ acknos after the wrap are taken modulo 2^32")
    void outgoingSeqnosWrapAtTwoToThe32() throws Exception {
        SessionConfig bulk = SessionConfig.builder().tuning(SocketTuning.BULK).build();
        long body = WirePeer.MOD + 3 * 1024 * 1024;
        int window = 4 * 1024 * 1024;
        ExecutorService writerThread = Executors.newSingleThreadExecutor();
        teardown.onClose(writerThread::shutdownNow);
        try (BeepClient client = BeepClient.builder().session(bulk).build();
             LibraryInitiator lib = LibraryInitiator.connect(client, COUNT)) {
            BeepChannel ch = lib.open(COUNT);
            int n = ch.number();
            MessageStream stream = ch.openMessage(MimeEntity.EMPTY_ENTITY);
            Future<?> writer = writerThread.submit(() -> {
                byte[] chunk = new byte[1 << 20]; // never modified, so it may be handed over again and again
                // A few writes in flight keep the pipe full; waiting on the oldest keeps memory bounded.
                java.util.ArrayDeque<CompletableFuture<Void>> inFlight = new java.util.ArrayDeque<>();
                for (long left = body; left > 0; left -= chunk.length) {
                    inFlight.add(stream.write(left >= chunk.length ? chunk : new byte[(int) left]));
                    if (inFlight.size() > 4) {
                        inFlight.poll().get(TIMEOUT, TimeUnit.SECONDS);
                    }
                }
                for (CompletableFuture<Void> f : inFlight) {
                    f.get(TIMEOUT, TimeUnit.SECONDS);
                }
                stream.end();
                return null;
            });
            lib.peer.seq(n, window);
            ReadFrame last;
            do {
                // WirePeer checks every frame's seqno: exactly the octets received so far, modulo 2^32.
                last = lib.peer.readUntil(f -> f.type() != FrameType.SEQ && f.header().channel() == n);
                if (lib.peer.ourWindowOpen(n) < window / 2) {
                    lib.peer.seq(n, window); // ackno modulo 2^32 once past the wrap
                }
            } while (last.header().more());
            writer.get(TIMEOUT, TimeUnit.SECONDS);
            long received = lib.peer.receivedOn(n);
            assertTrue(received > WirePeer.MOD, "received " + received);
            // The final frame (possibly empty, when end() came after the last write had left) ends at the wrapped seqno.
            assertEquals(received - WirePeer.MOD, last.header().seqno() + last.header().size(),
                    "the last frame carries a wrapped seqno: " + last.header());
            lib.peer.send("RPY", n, stream.msgno(), false, "\r\n" + received);
            assertEquals(Long.toString(received), stream.reply().get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());

            // After the wrap, a SEQ acknowledging octets never sent names the wrapped seqno.
            CompletableFuture<Reply> pending = ch.send(MimeEntity.of("x"));
            lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == n);
            long next = lib.peer.receivedOn(n) % WirePeer.MOD;
            lib.peer.sendRaw("SEQ " + n + " " + (next + 10) + " " + window + "\r\n");
            lib.peer.readUntilClosed();
            assertFailsWith(pending, SessionClosedException.class,
                    "SEQ acknowledges " + (next + 10) + " but the next octet we send is " + next);
        }
    }
}
