package io.beepkit.cli;

import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogLimits;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code beep syslog send --in-flight N}: the COOKED entries a device keeps unacknowledged, seen from a collector on
 * 127.0.0.1 that holds every answer back until the test releases them; and the option's checks.
 */
class SyslogInFlightTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final int LINES = 500;

    private static String lines(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append("<165>1 2026-11-25T12:00:00Z dev app - - - line ").append(i).append('\n');
        }
        return b.toString();
    }

    @Test
    void theDeviceKeepsExactlyInFlightEntriesUnacknowledged() throws Exception {
        AtomicInteger received = new AtomicInteger();
        List<CompletableFuture<Void>> held = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> release = new CompletableFuture<>();
        SyslogConsumer consumer = m -> {
            received.incrementAndGet();
            if (release.isDone()) {
                return SyslogConsumer.HANDLED;
            }
            CompletableFuture<Void> f = new CompletableFuture<>();
            held.add(f);
            return f;
        };
        // The collector would take far more than the device's 100; its window holds them all.
        SyslogCollector c = SyslogCollector.builder().consumer(consumer)
                .limits(SyslogLimits.DEFAULT.toBuilder().maxPendingEntries(1000).build()).build();
        BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .session(SessionConfig.builder().tuning(SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(256 * 1024).build())).build())
                .profiles(c.register(new ProfileRegistry())).build().start().get(30, TimeUnit.SECONDS);
        teardown.onClose(() -> server.close(Duration.ZERO));
        CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.syslogSend(lines(LINES),
                "127.0.0.1:" + server.port(), "--in-flight", "100", "--timeout", "60s"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (received.get() < 100) {
            if (run.isDone() || System.nanoTime() > deadline) {
                fail("the collector received " + received.get() + " entries; device: "
                        + (run.isDone() ? run.join() : "still running"));
            }
            Thread.sleep(20);
        }
        Thread.sleep(500); // time for a 101st entry, had the device sent one
        assertEquals(100, received.get(), "entries sent before any <ok />");
        release.complete(null);
        held.forEach(f -> f.complete(null));
        Cli.Result r = run.get(120, TimeUnit.SECONDS);
        assertEquals(0, r.code(), r.toString());
        assertEquals(LINES, received.get());
        assertTrue(r.err().contains("sent " + LINES + " messages on COOKED"), r.err());
    }

    @Test
    void inFlightOutOfRangeOrWithRawIsAUsageErrorNamingIt() {
        for (String bad : List.of("0", "4097", "-1")) {
            Cli.Result r = Cli.syslogSend("", "127.0.0.1:601", "--in-flight", bad);
            assertEquals(ExitCodes.USAGE, r.code(), r.toString());
            assertTrue(r.err().contains("--in-flight must be 1..4096: " + bad), r.err());
        }
        Cli.Result raw = Cli.syslogSend("", "127.0.0.1:601", "--raw", "--in-flight", "10");
        assertEquals(ExitCodes.USAGE, raw.code(), raw.toString());
        assertTrue(raw.err().contains("--in-flight belongs to COOKED"), raw.err());
        Cli.Result pending = Cli.run("syslog", "receive", "-p", "0", "--max-pending-entries", "0");
        assertEquals(ExitCodes.USAGE, pending.code(), pending.toString());
        assertTrue(pending.err().contains("--max-pending-entries must be 1..4096: 0"), pending.err());
    }
}
