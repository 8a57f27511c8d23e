package io.beepkit.netty.hardening;

import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Behind an L4 balancer, NAT or sidecar every session comes from one address: a listener with the default settings
 * holds 1 000 sessions from 127.0.0.1 at once (there is no per-address limit unless one is configured).
 */
class PerAddressDefaultTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final int SESSIONS = 1_000;
    private static final byte[] GREETING = frame("Content-Type: application/beep+xml\r\n\r\n<greeting />")
            .getBytes(StandardCharsets.US_ASCII);

    private final List<Socket> sockets = new ArrayList<>();
    private BeepServer server;

    private static String frame(String payload) {
        return "RPY 0 0 . 0 " + payload.length() + "\r\n" + payload + "END\r\n";
    }

    @Test
    @DisplayName("a default listener accepts 1 000 sessions at once from 127.0.0.1")
    void thousandSessionsFromOneAddress() throws Exception {
        long fds = maxFileDescriptors();
        // Both ends of every connection live in this JVM, next to the build's own files.
        assumeTrue(fds < 0 || fds >= 2 * SESSIONS + 512,
                "skipped: the file-descriptor limit (ulimit -n) is " + fds + ", too low for " + SESSIONS
                        + " connections with both ends in one process; raise it to at least " + (2 * SESSIONS + 512));
        AtomicInteger greeted = new AtomicInteger();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).onSession(s -> greeted.incrementAndGet())
                .build().start().join());
        // One registration for the 1 000 sockets, closed before the listener.
        teardown.onClose(() -> {
            for (Socket s : sockets) {
                s.close();
            }
        });
        for (int i = 0; i < SESSIONS; i++) {
            Socket s = new Socket("127.0.0.1", server.port());
            sockets.add(s);
            s.setSoTimeout(10_000);
            s.getOutputStream().write(GREETING);
            // Reading our greeting's first octet proves the listener admitted it: a refused connection is closed first.
            assertTrue(s.getInputStream().read() >= 0, "connection " + i + " was admitted");
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (greeted.get() < SESSIONS && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(SESSIONS, greeted.get(), "sessions whose greetings were exchanged");
        assertEquals(SESSIONS, server.sessions().size(), "sessions open at once");
    }

    /** The process's descriptor limit, or -1 where the JVM cannot tell. */
    private static long maxFileDescriptors() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            return unix.getMaxFileDescriptorCount();
        }
        return -1;
    }
}
