package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The futures of {@code send(message)} complete on the session's event loop by default, over loopback sockets: a
 * continuation that sends the next MSG from there keeps every exchange in order, and waiting for an incomplete reply
 * on the loop fails at once instead of stalling it for ever (the reply could only arrive through that loop).
 */
class ReplyFuturesOnLoopTest {
    static final String ECHO = "urn:test:echo";

    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private BeepChannel connect() throws Exception {
        BeepResources serverThreads = teardown.add(BeepResources.builder().threadNamePrefix("rf-server").build());
        BeepResources clientThreads = teardown.add(BeepResources.builder().threadNamePrefix("rf-client").build());
        // A handler that does not declare itself non-blocking: it runs on the callback executor.
        BeepServer server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).resources(serverThreads)
                .profile(ECHO, (m, r) -> {
                    if (m.entity().bodyText().equals("slow")) {
                        sleep(200); // the test attaches its continuation before the reply can arrive
                    }
                    r.reply(m.entity());
                }).build().start().join());
        BeepClient client = teardown.add(BeepClient.builder().resources(clientThreads).build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        return s.startChannel(ECHO).get(5, TimeUnit.SECONDS);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean onClientLoop() {
        return Thread.currentThread().getName().startsWith("rf-client-");
    }

    @Test
    @DisplayName("32 loops, each sending its next MSG from the reply's continuation on the loop: 2000 replies in order")
    void continuationsSendTheNextMessageFromTheLoop() throws Exception {
        BeepChannel ch = connect();
        int loops = 32;
        int each = 2000 / loops;
        ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        AtomicInteger offLoop = new AtomicInteger();
        List<CompletableFuture<Void>> done = new ArrayList<>();
        for (int l = 0; l < loops; l++) {
            CompletableFuture<Void> finished = new CompletableFuture<>();
            done.add(finished);
            next(ch, l, 0, each, problems, offLoop, finished);
        }
        CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        assertEquals(List.of(), List.copyOf(problems));
        // The first reply of each loop may complete before its continuation is attached (on the test thread).
        assertTrue(offLoop.get() <= loops, offLoop + " continuations ran off the client's event loop");
    }

    private static void next(BeepChannel ch, int loop, int i, int each, ConcurrentLinkedQueue<String> problems,
                             AtomicInteger offLoop, CompletableFuture<Void> finished) {
        if (i == each) {
            finished.complete(null);
            return;
        }
        String body = loop + "/" + i;
        ch.send(MimeEntity.of(body)).whenComplete((r, e) -> {
            if (!onClientLoop()) {
                offLoop.incrementAndGet();
            }
            if (e != null || !body.equals(r.entity().bodyText())) {
                problems.add(body + ": " + (e != null ? e : r.entity().bodyText()));
            }
            next(ch, loop, i + 1, each, problems, offLoop, finished);
        });
    }

    @Test
    @DisplayName("join() and get() of an incomplete reply on the event loop throw instead of stalling the loop")
    void waitingOnTheLoopThrows() throws Exception {
        BeepChannel ch = connect();
        CompletableFuture<List<Throwable>> caught = new CompletableFuture<>();
        ch.send(MimeEntity.of("slow")).thenAccept(r -> {
            List<Throwable> seen = new ArrayList<>();
            if (!onClientLoop()) {
                caught.completeExceptionally(new AssertionError("ran on " + Thread.currentThread().getName()));
                return;
            }
            for (CompletableFuture<?> f : List.of(ch.send(MimeEntity.of("inner")),
                    ch.send(MimeEntity.of("derived")).thenApply(Reply::entity))) {
                try {
                    f.join();
                } catch (Throwable t) {
                    seen.add(t);
                }
                try {
                    f.get(1, TimeUnit.SECONDS);
                } catch (Throwable t) {
                    seen.add(t);
                }
            }
            caught.complete(seen);
        });
        List<Throwable> seen = caught.get(10, TimeUnit.SECONDS);
        assertEquals(4, seen.size(), seen.toString());
        for (Throwable t : seen) {
            assertInstanceOf(IllegalStateException.class, t);
        }
        // The loop was never stalled: the session still answers.
        assertEquals("after", ch.send(MimeEntity.of("after")).get(5, TimeUnit.SECONDS).entity().bodyText());
    }
}
