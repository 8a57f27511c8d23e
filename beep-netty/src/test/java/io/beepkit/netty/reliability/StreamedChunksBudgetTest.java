package io.beepkit.netty.reliability;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.StreamingHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.internal.session.SessionMemory;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Frames handed to a streaming handler or a streaming reply listener count against the session's memory budget
 * until the application has returned from them: an application that stops taking chunks, with a window wider than
 * the budget, pauses the session instead of letting the queued chunks grow; once it takes them again, everything is
 * delivered and nothing stays counted.
 */
class StreamedChunksBudgetTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final long BUDGET = SessionLimits.MIN_MEMORY_BUDGET;
    private static final SocketTuning WIDE = SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(256 * 1024).build());
    private static final int SIZE = 1024 * 1024;
    private static final String STUCK = "urn:beepkit:test:stuck-stream";

    BeepServer server;
    BeepClient client;
    final CountDownLatch go = new CountDownLatch(1);
    final BlockingQueue<BeepSession> serverSessions = new LinkedBlockingQueue<>();

    @AfterEach
    void stop() {
        go.countDown();
    }

    @Test
    @DisplayName("chunks queued for a streaming handler that does not take them count: the session pauses")
    void chunksForAStreamingHandlerCount() throws Exception {
        AtomicLong received = new AtomicLong();
        SessionConfig config = SessionConfig.builder().tuning(WIDE).limits(SessionLimits.builder()
                .memoryBudget(BUDGET).build()).build();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(config).onSession(serverSessions::add)
                .profile(STUCK, (StreamingHandler) (chunk, r) -> {
                    awaitGo();
                    received.addAndGet(chunk.size());
                    if (chunk.last()) {
                        r.reply(MimeEntity.of(Long.toString(received.get())));
                    }
                    return CompletableFuture.completedFuture(null);
                }).build().start().join());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().tuning(WIDE).build()).build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel(STUCK).get(5, TimeUnit.SECONDS);
        CompletableFuture<Reply> reply = ch.send(MimeEntity.of(new byte[SIZE]));
        SessionMemory memory = ((DefaultBeepSession) serverSessions.poll(5, TimeUnit.SECONDS)).memory();
        await(memory::paused, "the listener's session never paused");
        assertTrue(memory.held() > BUDGET, "held " + memory.held());
        go.countDown();
        Reply r = reply.get(10, TimeUnit.SECONDS);
        assertTrue(Long.parseLong(r.entity().bodyText()) >= SIZE, r.entity().bodyText()); // the body and its headers
        await(() -> memory.held() == SessionMemory.PER_CHANNEL, "octets still counted: " + memory.held());
        s.close().get(5, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("reply chunks queued for a streaming listener that does not take them count: the session pauses")
    void chunksForAStreamingReplyListenerCount() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(SessionConfig.builder().tuning(WIDE).build())
                .build().start().join());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().tuning(WIDE).limits(SessionLimits.builder()
                .memoryBudget(BUDGET).build()).build())
                .build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
        AtomicLong received = new AtomicLong();
        CompletableFuture<Void> done = ch.send(MimeEntity.of(new byte[SIZE]), new ReplyListener() {
            @Override
            public boolean streaming() {
                return true;
            }

            @Override
            public void onChunk(Reply.Kind kind, long ansno, byte[] chunk, boolean last) {
                awaitGo();
                received.addAndGet(chunk.length);
            }
        });
        SessionMemory memory = ((DefaultBeepSession) s).memory();
        await(memory::paused, "the initiator's session never paused");
        assertTrue(memory.held() > BUDGET, "held " + memory.held());
        go.countDown();
        done.get(10, TimeUnit.SECONDS);
        assertTrue(received.get() >= SIZE, "received " + received.get());
        await(() -> memory.held() == SessionMemory.PER_CHANNEL, "octets still counted: " + memory.held());
        assertEquals(1, s.channels().size());
        s.close().get(5, TimeUnit.SECONDS);
    }

    private void awaitGo() {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(BooleanSupplier condition, String failure) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(condition.getAsBoolean(), failure);
    }
}
