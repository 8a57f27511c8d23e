package io.beepkit.cli;

import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code beep load --reconnect} while the listener on its port is stopped and started again, twice. */
class LoadReconnectTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String COUNTING_ECHO = "urn:test:counting-echo";

    BeepServer server;

    /** A listener on {@code port} (0 for any) echoing on {@link #COUNTING_ECHO} and counting into {@code answered}. */
    static BeepServer listen(int port, AtomicLong answered) throws Exception {
        for (int i = 0; ; i++) {
            BeepServer s = BeepServer.builder().bind("127.0.0.1", port).profile(COUNTING_ECHO, (message, responder) -> {
                answered.incrementAndGet();
                responder.reply(message.entity());
            }).build();
            try {
                s.start().get(10, TimeUnit.SECONDS);
                return s;
            } catch (ExecutionException e) {
                s.close(); // the old listener's port is not free yet
                if (i == 50) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    static void awaitAnswers(AtomicLong answered, CompletableFuture<?> run) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (answered.get() == 0) {
            if (run.isDone() || System.nanoTime() > deadline) {
                throw new AssertionError("the listener got no message: " + run.getNow(null));
            }
            Thread.sleep(10);
        }
    }

    static long number(String json, String field) {
        Matcher m = Pattern.compile("\"" + field + "\": (\\d+)").matcher(json);
        assertTrue(m.find(), field + " missing in " + json);
        return Long.parseLong(m.group(1));
    }

    @Test
    void theRunSurvivesTwoListenerRestarts() throws Exception {
        AtomicLong first = new AtomicLong();
        server = teardown.add(listen(0, first));
        int port = server.port();
        CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run("load", "127.0.0.1:" + port,
                COUNTING_ECHO, "-D", "6s", "-m", "4", "--size", "64", "--reconnect", "--json", "-"));
        AtomicLong current = first;
        for (int restart = 0; restart < 2; restart++) {
            awaitAnswers(current, run); // this listener served the run before it goes away
            Thread.sleep(300);
            server.close();
            Thread.sleep(300);
            current = new AtomicLong();
            server = teardown.add(listen(port, current));
        }
        AtomicLong last = current;
        Cli.Result r = run.get(60, TimeUnit.SECONDS);
        assertEquals(0, r.code(), r.toString());
        String out = r.out();
        assertTrue(first.get() > 0, "nothing answered before the first restart");
        assertTrue(last.get() > 0, "nothing answered after the last restart: " + out);
        assertTrue(number(out, "reconnects") >= 2, out);
        assertEquals(0, number(out, "errors"), out);
        assertTrue(out.contains("\"errors_by_kind\": {}"), out);
        long lost = number(out, "lost");
        long retried = number(out, "retried");
        assertTrue(retried <= lost, out);
        assertTrue(number(out, "answered") >= first.get(), out); // existing fields still there
        assertTrue(out.matches("(?s).*reconnects:  \\d+ \\(\\d+ messages? lost in flight, \\d+ sent again\\).*"), out);
        assertTrue(out.contains(" ok, 0 errors"), out);
    }

    @Test
    void withoutReconnectTheDropIsAnErrorOfKindSessionClosed() throws Exception {
        AtomicLong answered = new AtomicLong();
        server = teardown.add(listen(0, answered));
        int port = server.port();
        CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run("load", "127.0.0.1:" + port,
                COUNTING_ECHO, "-D", "4s", "-m", "2", "--size", "64", "--json", "-", "-q"));
        Thread.sleep(1_000);
        server.close();
        Cli.Result r = run.get(60, TimeUnit.SECONDS);
        assertEquals(ExitCodes.PEER_ERROR, r.code(), r.toString());
        assertEquals(0, number(r.out(), "reconnects"), r.out());
        assertTrue(r.out().matches("(?s).*\"errors_by_kind\": \\{\"session_closed\": [1-9]\\d*}.*"), r.out());
    }
}
