package io.beepkit.netty.interop;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real HAProxy (TCP mode, {@code send-proxy-v2}) on 127.0.0.1 in front of a {@code BeepServer} with the PROXY
 * protocol on: the listener's session reports the client's own address and port, not the balancer's connection, in
 * clear and after TLS negotiated through the TLS profile. Skipped when no {@code haproxy} executable is installed.
 */
class HaproxyProxyProtocolTest {
    private static final long WAIT_SECONDS = 10;

    static Path executable;
    static TestPki ca;
    static TestPki.Issued serverCert;

    @TempDir
    Path dir;
    private Process haproxy;
    private BeepServer server;
    private BeepClient client;

    @BeforeAll
    static void haproxyAndPki() throws Exception {
        Optional<Path> exe = findHaproxy();
        assumeTrue(exe.isPresent(), "skipped: haproxy is not installed (apt-get install haproxy)");
        executable = exe.get();
        ca = TestPki.create("beepkit test CA");
        serverCert = ca.server("localhost", "localhost", "127.0.0.1");
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (haproxy != null) {
            haproxy.destroy();
            if (!haproxy.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
                haproxy.destroyForcibly();
            }
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    @DisplayName("through HAProxy send-proxy-v2 the listener sees the client's address and port")
    void listenerSeesTheClient() throws Exception {
        server = BeepServer.builder().bind("127.0.0.1", 0).proxyProtocol(true).build().start().join();
        int front = startHaproxy(server.port());
        client = BeepClient.builder().build();
        BeepSession session = client.connect("127.0.0.1", front).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals("through the balancer", echo(session, "through the balancer"));
        listenerSideOf(session);
        session.close().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("through HAProxy, TLS negotiated with the TLS profile works and keeps the client's address")
    void tlsThroughTheBalancer() throws Exception {
        server = BeepServer.builder().bind("127.0.0.1", 0).proxyProtocol(true)
                .tls(TlsConfig.builder().keyMaterial(serverCert.material()).build()).build().start().join();
        int front = startHaproxy(server.port());
        client = BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust()).build()).build();
        BeepSession session = client.connect("localhost", front).get(WAIT_SECONDS, TimeUnit.SECONDS);
        session.startTls().get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertTrue(session.isSecure());
        assertEquals("secured", echo(session, "secured"));
        assertTrue(listenerSideOf(session).isSecure(), "the listener's side is secured too");
        session.close().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * The listener's session whose peer is the client's own address and port: without the PROXY header it would be
     * the balancer's connection, from another port. (The readiness probe may leave a session of its own for a while.)
     */
    private BeepSession listenerSideOf(BeepSession initiator) {
        SocketAddress client = initiator.localAddress();
        List<BeepSession> sessions = server.sessions();
        return sessions.stream().filter(s -> client.equals(s.remoteAddress())).findFirst()
                .orElseThrow(() -> new AssertionError("no listener session from " + client + ": " + sessions));
    }

    private static String echo(BeepSession session, String text) throws Exception {
        BeepChannel ch = session.startChannel(StandardProfiles.ECHO).get(WAIT_SECONDS, TimeUnit.SECONDS);
        String body = ch.send(MimeEntity.of(text)).get(WAIT_SECONDS, TimeUnit.SECONDS).entity().bodyText();
        ch.close().get(WAIT_SECONDS, TimeUnit.SECONDS);
        return body;
    }

    /**
     * Starts HAProxy in the foreground on a free loopback port forwarding to {@code backend}; returns the port. Tries
     * again on another port if the one picked was taken meanwhile (HAProxy then exits at once).
     */
    private int startHaproxy(int backend) throws Exception {
        Path log = dir.resolve("haproxy.log");
        for (int attempt = 1; ; attempt++) {
            int front = freePort();
            Path cfg = dir.resolve("haproxy.cfg");
            Files.writeString(cfg, String.join("\n",
                    "global",
                    "    maxconn 64",
                    "defaults",
                    "    mode tcp",
                    "    timeout connect 5s",
                    "    timeout client 60s",
                    "    timeout server 60s",
                    "frontend beep_front",
                    "    bind 127.0.0.1:" + front,
                    "    default_backend beep_back",
                    "backend beep_back",
                    "    server beep 127.0.0.1:" + backend + " send-proxy-v2",
                    ""), StandardCharsets.US_ASCII);
            haproxy = new ProcessBuilder(executable.toString(), "-db", "-f", cfg.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (listening(front, log)) {
                return front;
            }
            if (attempt == 3) {
                throw new AssertionError("haproxy exited with " + haproxy.exitValue() + ": " + Files.readString(log));
            }
        }
    }

    /** Waits until HAProxy accepts on {@code port}; false if it exited first. */
    private boolean listening(int port, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            if (!haproxy.isAlive()) {
                return false;
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
                return true;
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("haproxy did not listen on " + port + ": " + Files.readString(log));
                }
                Thread.sleep(50);
            }
        }
    }

    private static Optional<Path> findHaproxy() {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/sbin"
                + File.pathSeparator + "/usr/local/sbin";
        for (String d : path.split(File.pathSeparator)) {
            if (!d.isEmpty()) {
                Path p = Path.of(d, "haproxy");
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
