package io.beepkit.cli;

import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.interop.HaproxyLauncher;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Collectors keep no state a device depends on, so they scale out behind an L4 balancer: a real HAProxy (TCP mode,
 * round robin, {@code send-proxy-v2}) on 127.0.0.1 in front of two collectors with the PROXY protocol on, and several
 * {@code beep syslog send} devices in parallel through it. Both collectors take a share, each message carries the
 * device's own address and port, and when one collector dies mid-stream the devices reconnect through the balancer
 * to the other and every line arrives at least once. Skipped when no {@code haproxy} executable is installed.
 */
class SyslogScaleOutTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final int DEVICES = 4;
    private static final int LINES = 500;
    private static final int KILL_AFTER = 200;
    private static final long WAIT_SECONDS = 10;
    /** One line per connection HAProxy forwarded (logged as soon as the server side is up, option logasap). */
    private static final Pattern CONNECTION = Pattern.compile("conn (\\S+):(\\d+) via \\S+:(\\d+) to (\\w+)");

    static Path executable;

    @TempDir
    Path dir;
    private HaproxyLauncher haproxy;
    private ExecutorService devices;

    /** A message a collector acknowledged, with the peer address its session reports. */
    record Received(String collector, String text, SocketAddress from) {
    }

    @BeforeAll
    static void findHaproxyOrSkip() {
        Optional<Path> exe = HaproxyLauncher.find();
        assumeTrue(exe.isPresent(), HaproxyLauncher.SKIP_REASON);
        executable = exe.get();
    }

    @BeforeEach
    void startDevices() {
        devices = Executors.newFixedThreadPool(DEVICES);
        teardown.onClose(devices::shutdownNow); // closed last, after the balancer and the collectors
    }

    @Test
    void devicesSpreadOverBothCollectorsWhichSeeEachDevicesOwnAddress() throws Exception {
        List<Received> got = new CopyOnWriteArrayList<>();
        BeepServer a = collector("a", got, 0, null);
        BeepServer b = collector("b", got, 0, null);
        int front = startHaproxy(a.port(), b.port());

        List<Cli.Result> results = sendFromAllDevices(front);
        results.forEach(r -> assertEquals(0, r.code(), r.toString()));

        assertTrue(got.stream().anyMatch(m -> m.collector().equals("a")), "collector a received nothing");
        assertTrue(got.stream().anyMatch(m -> m.collector().equals("b")), "collector b received nothing");
        assertEveryLine(got);
        Map<Integer, String[]> connections = connectionsByClientPort(got);
        for (Received m : got) {
            InetSocketAddress from = (InetSocketAddress) m.from();
            assertEquals("127.0.0.1", from.getAddress().getHostAddress(), m.toString());
            // The port a device connected to HAProxy from, and the connection HAProxy sent to this very collector.
            String[] conn = connections.get(from.getPort());
            assertTrue(conn != null, "no device connected from " + from + " (" + m + "): " + haproxyLog());
            assertEquals(m.collector(), conn[1], "collector of " + m);
            assertFalse(conn[0].equals(String.valueOf(from.getPort())), "balancer's own port in " + m);
        }
    }

    @Test
    void whenOneCollectorDiesTheDevicesGoOnWithTheOther() throws Exception {
        List<Received> got = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> killed = new CompletableFuture<>();
        BeepServer a = collector("a", got, KILL_AFTER, killed);
        BeepServer b = collector("b", got, 0, null);
        int front = startHaproxy(a.port(), b.port());

        List<Cli.Result> results = sendFromAllDevices(front);
        assertTrue(killed.isDone(), "collector a was never stopped");
        results.forEach(r -> assertEquals(0, r.code(), r.toString()));
        assertTrue(results.stream().anyMatch(r -> r.err().contains("reconnected to 127.0.0.1:" + front)),
                "no device reconnected: " + results);
        assertEveryLine(got);
        assertTrue(got.stream().filter(m -> m.collector().equals("a")).count() < KILL_AFTER, "a after its death");
    }

    /**
     * A collector with the PROXY protocol on recording each acknowledged message; with {@code killAfter} > 0 it
     * stops acknowledging at that many messages and closes at once, with no grace, as a crashed collector would.
     */
    private BeepServer collector(String name, List<Received> got, int killAfter, CompletableFuture<Void> killed) {
        AtomicInteger seen = new AtomicInteger();
        CompletableFuture<BeepServer> started = new CompletableFuture<>();
        SyslogConsumer consumer = (SyslogMessage m) -> {
            int n = seen.incrementAndGet();
            if (killAfter > 0 && n >= killAfter) {
                if (n == killAfter) {
                    started.thenCompose(s -> s.closeAsync(Duration.ZERO)).thenRun(() -> killed.complete(null));
                }
                return new CompletableFuture<Void>(); // never acknowledged: the collector died first
            }
            got.add(new Received(name, m.text(), m.remoteAddress()));
            return SyslogConsumer.HANDLED;
        };
        SyslogCollector c = SyslogCollector.builder().consumer(consumer).build();
        BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).proxyProtocol(true).noDefaultProfiles()
                .profiles(c.register(new ProfileRegistry())).build().start().join();
        teardown.onClose(() -> server.close(Duration.ZERO));
        started.complete(server);
        return server;
    }

    private List<Cli.Result> sendFromAllDevices(int front) throws Exception {
        List<CompletableFuture<Cli.Result>> runs = new ArrayList<>();
        for (int d = 0; d < DEVICES; d++) {
            String input = lines(d);
            String iam = "device" + d + ".test";
            runs.add(CompletableFuture.supplyAsync(() -> Cli.syslogSend(input, "127.0.0.1:" + front, "--iam", iam,
                    "--retry-for", "60s", "--timeout", "30s"), devices));
        }
        List<Cli.Result> results = new ArrayList<>();
        for (CompletableFuture<Cli.Result> run : runs) {
            results.add(run.get(180, TimeUnit.SECONDS));
        }
        return results;
    }

    private static String lines(int device) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < LINES; i++) {
            b.append("<34>Oct 11 22:14:15 dev").append(device).append(" app: line ").append(i).append(' ')
                    .append("x".repeat(80)).append('\n');
        }
        return b.toString();
    }

    private static void assertEveryLine(List<Received> got) {
        Map<String, Integer> union = new HashMap<>();
        got.forEach(m -> union.merge(m.text(), 1, Integer::sum));
        for (int d = 0; d < DEVICES; d++) {
            for (String line : lines(d).split("\n")) {
                assertTrue(union.containsKey(line), "never acknowledged: " + line);
            }
        }
    }

    /**
     * HAProxy's log: client port to {balancer's source port towards the server, server name}. Waits a while for the
     * ports {@code got} came from, as HAProxy may write its log a little after the connection was up.
     */
    private Map<Integer, String[]> connectionsByClientPort(List<Received> got) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            Map<Integer, String[]> byPort = new HashMap<>();
            Matcher m = CONNECTION.matcher(haproxyLog());
            while (m.find()) {
                byPort.put(Integer.parseInt(m.group(2)), new String[] {m.group(3), m.group(4)});
            }
            boolean all = got.stream().allMatch(r -> byPort.containsKey(((InetSocketAddress) r.from()).getPort()));
            if (all || System.nanoTime() > deadline) {
                return byPort;
            }
            Thread.sleep(100);
        }
    }

    private String haproxyLog() throws IOException {
        return haproxy.output();
    }

    /**
     * Starts HAProxy round robin over collectors {@code a} and {@code b}; returns its front port. A connection the
     * chosen collector refuses is sent to the other (retries with redispatch).
     */
    private int startHaproxy(int a, int b) throws Exception {
        haproxy = HaproxyLauncher.start(executable, dir, front -> List.of(
                "global",
                "    maxconn 64",
                "    nbthread 1", // threads writing the log to stdout at once may drop lines
                "    log stdout format raw local0",
                "defaults",
                "    mode tcp",
                "    log global",
                "    option logasap",
                "    log-format \"conn %ci:%cp via %bi:%bp to %s\"",
                "    timeout connect 5s",
                "    timeout client 30s",
                "    timeout server 30s",
                "    retries 3",
                "    option redispatch 1",
                "frontend syslog_front",
                "    bind 127.0.0.1:" + front,
                "    default_backend collectors",
                "backend collectors",
                "    balance roundrobin",
                "    server a 127.0.0.1:" + a + " send-proxy-v2",
                "    server b 127.0.0.1:" + b + " send-proxy-v2"));
        teardown.onClose(haproxy::stop);
        return haproxy.port();
    }
}
