package io.beepkit.netty.hardening;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The listener's timeouts and connection limits over real sockets on 127.0.0.1: silent, half-greeted and oversized
 * greetings are closed, the per-address and per-listener limits refuse the connection over them, an idle session is
 * closed when asked to be, and a first frame of 3000 octets passes with a configured window of 1000.
 */
class ListenerLimitsTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final Duration SHORT = Duration.ofMillis(400);
    private static final int WAIT_MILLIS = 5_000;

    BeepServer server;
    BeepClient client;

    private BeepServer start(ListenerLimits.Builder limits) {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).limits(limits.build()).build().start().join());
        return server;
    }

    private BeepServer start(SessionConfig.Builder config) {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(config.build()).build().start().join());
        return server;
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(WAIT_MILLIS);
        return s;
    }

    /** Reads until end of stream; returns how many octets came and fails if the connection stays open. */
    private static int readUntilClosed(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        byte[] buf = new byte[8192];
        int total = 0;
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                total += n;
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the listener kept the connection open for " + WAIT_MILLIS + " ms");
        } catch (IOException reset) {
            // a reset is a close too
        }
        return total;
    }

    private static void send(Socket s, String octets) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(octets.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    private static String frame(String keyword, int channel, int msgno, long seqno, String payload) {
        return keyword + " " + channel + " " + msgno + " . " + seqno + " " + payload.length() + "\r\n" + payload + "END\r\n";
    }

    private static final String GREETING = frame("RPY", 0, 0, 0, "Content-Type: application/beep+xml\r\n\r\n<greeting />");

    @Test
    @DisplayName("a silent connection is closed once the greeting timeout passes")
    void silentConnectionIsClosed() throws Exception {
        start(SessionConfig.builder().limits(SessionLimits.builder().greetingTimeout(SHORT).build()));
        try (Socket s = connect(server.port())) {
            long t0 = System.nanoTime();
            int octets = readUntilClosed(s);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(octets > 0, "our greeting was sent first");
            assertTrue(ms >= SHORT.toMillis() - 50 && ms < SHORT.toMillis() + 2_000, "closed after " + ms + " ms");
        }
    }

    @Test
    @DisplayName("a connection that sends half a greeting is closed once the greeting timeout passes")
    void halfGreetedConnectionIsClosed() throws Exception {
        start(SessionConfig.builder().limits(SessionLimits.builder().greetingTimeout(SHORT).build()));
        try (Socket s = connect(server.port())) {
            send(s, GREETING.substring(0, GREETING.length() / 2));
            long t0 = System.nanoTime();
            readUntilClosed(s);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(ms < SHORT.toMillis() + 2_000, "closed after " + ms + " ms");
        }
    }

    @Test
    @DisplayName("a greeted session outlives the greeting timeout")
    void greetedSessionOutlivesTheTimeout() throws Exception {
        start(SessionConfig.builder().limits(SessionLimits.builder().greetingTimeout(SHORT).build()));
        client = teardown.add(BeepClient.builder().build());
        BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        Thread.sleep(SHORT.toMillis() * 3);
        BeepChannel ch = session.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
        assertEquals("alive", ch.send(MimeEntity.of("alive")).get(5, TimeUnit.SECONDS).entity().bodyText());
        session.close().get(5, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("a greeting that goes on past maxGreetingSize is cut at once, long before the timeout")
    void endlessGreetingIsCut() throws Exception {
        start(SessionConfig.builder().limits(SessionLimits.builder().maxGreetingSize(2048).build()));
        try (Socket s = connect(server.port())) {
            long t0 = System.nanoTime();
            StringBuilder frames = new StringBuilder();
            String part = "x".repeat(200);
            for (int i = 0; i < 20; i++) {
                frames.append("RPY 0 0 * ").append(i * 200).append(" 200\r\n").append(part).append("END\r\n");
            }
            send(s, frames.toString());
            readUntilClosed(s);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(ms < 2_000, "closed after " + ms + " ms");
        }
    }

    @Test
    @DisplayName("the per-address limit closes the connection over it; a place freed is usable again")
    void perAddressLimitIsEnforced() throws Exception {
        start(ListenerLimits.builder().maxSessionsPerAddress(2));
        List<Socket> held = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Socket s = teardown.add(connect(server.port()));
            send(s, GREETING);
            assertTrue(s.getInputStream().read() >= 0, "admitted connection " + i + " is greeted");
            held.add(s);
        }
        try (Socket third = connect(server.port())) {
            assertEquals(0, readUntilClosed(third), "refused before our greeting");
        }
        held.remove(0).close();
        assertAdmittedWithin(server.port());
    }

    @Test
    @DisplayName("the listener-wide limit closes the connection over it")
    void listenerLimitIsEnforced() throws Exception {
        start(ListenerLimits.builder().maxSessions(1));
        try (Socket first = connect(server.port())) {
            send(first, GREETING);
            assertTrue(first.getInputStream().read() >= 0);
            try (Socket second = connect(server.port())) {
                assertEquals(0, readUntilClosed(second), "refused before our greeting");
            }
        }
        assertAdmittedWithin(server.port());
    }

    /** Retries for a while: the listener releases a place when it has seen the close, a moment after ours. */
    private static void assertAdmittedWithin(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            try (Socket s = connect(port)) {
                if (s.getInputStream().read() >= 0) {
                    return;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no place was freed");
            }
            Thread.sleep(50);
        }
    }

    @Test
    @DisplayName("with an idle timeout, a session with no traffic is closed once it passes")
    void idleSessionIsClosed() throws Exception {
        start(SessionConfig.builder().limits(SessionLimits.builder().idleTimeout(SHORT).build()));
        client = teardown.add(BeepClient.builder().build());
        BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        long t0 = System.nanoTime();
        session.closeFuture().get(5, TimeUnit.SECONDS);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms < SHORT.toMillis() + 2_000, "closed after " + ms + " ms");
    }

    @Test
    @DisplayName("with --window 1000, a legal 3000-octet first frame is accepted: the frame limit stays at 4096")
    void smallWindowKeepsTheFirstFrameLimit() throws Exception {
        start(SessionConfig.builder().tuning(SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(1000).build())));
        try (Socket s = connect(server.port())) {
            String xml = "<greeting>" + "<!-- padding -->".repeat(200) + "</greeting>";
            String payload = "Content-Type: application/beep+xml\r\n\r\n" + xml;
            assertTrue(payload.length() > 3000 && payload.length() <= 4096, "first frame of " + payload.length());
            send(s, frame("RPY", 0, 0, 0, payload));
            send(s, frame("MSG", 0, 1, payload.length(), "Content-Type: application/beep+xml\r\n\r\n<start number='1'>"
                    + "<profile uri='" + StandardProfiles.ECHO + "'/></start>"));
            byte[] buf = new byte[4096];
            StringBuilder seen = new StringBuilder();
            InputStream in = s.getInputStream();
            while (!seen.toString().contains("RPY 0 1 ")) {
                int n = in.read(buf);
                assertTrue(n >= 0, () -> "closed; received: " + seen);
                seen.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
            }
        }
    }
}
