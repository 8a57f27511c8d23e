package io.beepkit.netty.streaming;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.Message;
import io.beepkit.api.MessageStream;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.StreamingHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.Responder;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ReplyListener#onChunkAsync} and {@link StreamingHandler#onChunk}: a chunk's window credit returns
 * when the stage the application returned completes, not when the call returns. With every stage held, the peer
 * stops after one window; completing them lets it finish. Fixed 4096-octet windows keep the arithmetic exact.
 */
class AsyncCreditTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String ANSWERS = "urn:test:async-answers";
    static final String SINK = "urn:test:async-sink";
    static final int WINDOW = 4096;
    static final int TOTAL = 64 * 1024;

    BeepServer server;
    BeepClient client;

    private BeepSession connect(String uri, ProfileHandler handler) throws Exception {
        SocketTuning fixed = SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(WINDOW).build());
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).tuning(fixed).profile(uri, handler).build().start()
                .join());
        client = teardown.add(BeepClient.builder().tuning(fixed).build());
        return client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
    }

    /** Waits until {@code value} stops changing for 300 ms and returns it. */
    /**
     * The value once it has grown from 0 and then stayed the same for 300 ms. Waiting for the first octets first: on a
     * loaded machine nothing may have arrived in the first 300 ms, which is not the stall the tests look for.
     */
    private static long settled(AtomicLong value) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (value.get() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        long last = -1;
        while (value.get() != last) {
            last = value.get();
            Thread.sleep(300);
        }
        return last;
    }

    @Test
    void answersWaitForTheListenersStages() throws Exception {
        BeepSession s = connect(ANSWERS, (MessageHandler) (Message m, Responder r) -> {
            for (int i = 0; i < TOTAL / 512; i++) {
                r.answer(MimeEntity.of(new byte[510]));
            }
            r.endAnswers();
        });
        ConcurrentLinkedQueue<CompletableFuture<Void>> held = new ConcurrentLinkedQueue<>();
        AtomicLong octets = new AtomicLong();
        BeepChannel ch = s.startChannel(ANSWERS).get(5, TimeUnit.SECONDS);
        CompletableFuture<Void> done = ch.send(MimeEntity.of("go"), new ReplyListener() {
            @Override
            public boolean streaming() {
                return true;
            }

            @Override
            public CompletionStage<?> onChunkAsync(Reply.Kind kind, long ansno, byte[] chunk, boolean last) {
                octets.addAndGet(chunk.length);
                CompletableFuture<Void> ack = new CompletableFuture<>();
                held.add(ack);
                return ack;
            }
        });
        long received = settled(octets);
        assertTrue(received > 0 && received <= WINDOW, "received " + received + " with every credit held");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!done.isDone() && System.nanoTime() < deadline) {
            CompletableFuture<Void> ack = held.poll();
            if (ack != null) {
                ack.complete(null);
            } else {
                Thread.sleep(1);
            }
        }
        done.get(5, TimeUnit.SECONDS);
        assertEquals(TOTAL, octets.get(), "every answer, each 2 octets of empty headers plus 510 of body");
    }

    @Test
    void messageChunksWaitForTheHandlersStages() throws Exception {
        ConcurrentLinkedQueue<CompletableFuture<Void>> held = new ConcurrentLinkedQueue<>();
        AtomicLong octets = new AtomicLong();
        BeepSession s = connect(SINK, (StreamingHandler) (chunk, responder) -> {
            octets.addAndGet(chunk.size());
            if (chunk.last()) {
                responder.reply(MimeEntity.EMPTY_ENTITY);
            }
            CompletableFuture<Void> ack = new CompletableFuture<>();
            held.add(ack);
            return ack;
        });
        BeepChannel ch = s.startChannel(ChannelRequest.of(SINK)).get(5, TimeUnit.SECONDS);
        MessageStream out = ch.openMessage(MimeEntity.EMPTY_ENTITY);
        out.write(new byte[TOTAL]);
        out.end();
        long received = settled(octets);
        assertTrue(received > 0 && received <= WINDOW, "received " + received + " with every credit held");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!out.reply().isDone() && System.nanoTime() < deadline) {
            CompletableFuture<Void> ack = held.poll();
            if (ack != null) {
                ack.complete(null);
            } else {
                Thread.sleep(1);
            }
        }
        assertEquals(Reply.Kind.RPY, out.reply().get(5, TimeUnit.SECONDS).kind());
        assertEquals(TOTAL + 2, octets.get(), "the whole MSG, its empty header section included");
    }
}
