package io.beepkit.netty.interop;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.test.TeardownExtension;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.SocketAddress;
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
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final long WAIT_SECONDS = 10;

    static Path executable;
    static TestPki ca;
    static TestPki.Issued serverCert;

    @TempDir
    Path dir;
    private HaproxyLauncher haproxy;
    private BeepServer server;
    private BeepClient client;

    @BeforeAll
    static void haproxyAndPki() throws Exception {
        Optional<Path> exe = HaproxyLauncher.find();
        assumeTrue(exe.isPresent(), HaproxyLauncher.SKIP_REASON);
        executable = exe.get();
        ca = TestPki.create("beepkit test CA");
        serverCert = ca.server("localhost", "localhost", "127.0.0.1");
    }

    @Test
    @DisplayName("through HAProxy send-proxy-v2 the listener sees the client's address and port")
    void listenerSeesTheClient() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).proxyProtocol(true).build().start().join());
        int front = startHaproxy(server.port());
        client = teardown.add(BeepClient.builder().build());
        BeepSession session = client.connect("127.0.0.1", front).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals("through the balancer", echo(session, "through the balancer"));
        listenerSideOf(session);
        session.close().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("through HAProxy, TLS negotiated with the TLS profile works and keeps the client's address")
    void tlsThroughTheBalancer() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).proxyProtocol(true)
                .tls(TlsConfig.builder().keyMaterial(serverCert.material()).build()).build().start().join());
        int front = startHaproxy(server.port());
        client = teardown.add(BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust()).build()).build());
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

    /** Starts HAProxy forwarding to {@code backend} with a PROXY v2 header; returns its front port. */
    private int startHaproxy(int backend) throws Exception {
        haproxy = HaproxyLauncher.start(executable, dir, front -> List.of(
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
                "    server beep 127.0.0.1:" + backend + " send-proxy-v2"));
        teardown.onClose(haproxy::stop);
        return haproxy.port();
    }
}
