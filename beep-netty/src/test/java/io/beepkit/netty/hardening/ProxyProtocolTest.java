package io.beepkit.netty.hardening;

import io.beepkit.netty.ListenerLimits;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ProxyHeaders;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PROXY protocol over real sockets on 127.0.0.1: a listener that expects it reports the client's address from a
 * version 2 header as the session's and counts it for the per-address limit; a listener that does not (the default)
 * treats a header as the garbage it is for BEEP and closes the connection without a session, and goes on serving.
 */
class ProxyProtocolTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final int WAIT_MILLIS = 10_000;
    private static final InetSocketAddress LISTENER = new InetSocketAddress("192.0.2.1", 10288);
    private static final byte[] GREETING = frame("Content-Type: application/beep+xml\r\n\r\n<greeting />")
            .getBytes(StandardCharsets.US_ASCII);

    private final LinkedBlockingQueue<BeepSession> ready = new LinkedBlockingQueue<>();
    private BeepServer server;

    private static String frame(String payload) {
        return "RPY 0 0 . 0 " + payload.length() + "\r\n" + payload + "END\r\n";
    }

    private void start(ListenerLimits limits, boolean proxyProtocol) {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).proxyProtocol(proxyProtocol).limits(limits).onSession(ready::add)
                .build().start().join());
    }

    private Socket connect(byte[] first) throws IOException {
        Socket s = new Socket("127.0.0.1", server.port());
        s.setSoTimeout(WAIT_MILLIS);
        s.getOutputStream().write(first);
        s.getOutputStream().flush();
        return s;
    }

    private static byte[] proxied(InetSocketAddress client) {
        return ProxyHeaders.concat(ProxyHeaders.v2(client, LISTENER), GREETING);
    }

    /** Reads until end of stream; fails if the connection stays open. */
    private static void assertClosed(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        byte[] buf = new byte[8192];
        try {
            while (in.read(buf) >= 0) {
                // our greeting or an error, then the close
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the listener kept the connection open for " + WAIT_MILLIS + " ms");
        } catch (IOException reset) {
            // a reset is a close too
        }
    }

    @Test
    @DisplayName("behind a balancer: the session reports the client's address from a version 2 header")
    void sessionReportsTheProxiedAddress() throws Exception {
        start(ListenerLimits.defaults(), true);
        InetSocketAddress client = new InetSocketAddress("198.51.100.9", 43210);
        try (Socket s = connect(proxied(client))) {
            BeepSession session = ready.poll(WAIT_MILLIS, TimeUnit.MILLISECONDS);
            assertNotNull(session, "the session was greeted");
            assertEquals(client, session.remoteAddress());
            assertEquals(client, server.sessions().get(0).remoteAddress());
            assertTrue(s.getInputStream().read() >= 0, "our greeting came back");
        }
    }

    @Test
    @DisplayName("behind a balancer: the per-address limit counts the client's address, not the balancer's")
    void perAddressLimitCountsTheClient() throws Exception {
        start(ListenerLimits.builder().maxSessionsPerAddress(1).build(), true);
        InetSocketAddress a = new InetSocketAddress("198.51.100.1", 1000);
        try (Socket first = connect(proxied(a));
             Socket other = connect(proxied(new InetSocketAddress("198.51.100.2", 1000)))) {
            assertNotNull(ready.poll(WAIT_MILLIS, TimeUnit.MILLISECONDS));
            assertNotNull(ready.poll(WAIT_MILLIS, TimeUnit.MILLISECONDS), "another client, same socket address");
            try (Socket again = connect(proxied(new InetSocketAddress("198.51.100.1", 2000)))) {
                assertClosed(again);
            }
            assertNull(ready.poll(200, TimeUnit.MILLISECONDS), "no session over the limit");
        }
    }

    @Test
    @DisplayName("behind a balancer: a connection without a header is closed, the listener goes on")
    void missingHeaderIsRefused() throws Exception {
        start(ListenerLimits.defaults(), true);
        try (Socket s = connect(GREETING)) {
            assertClosed(s);
        }
        assertNull(ready.poll(200, TimeUnit.MILLISECONDS), "no session without a header");
        try (Socket s = connect(proxied(new InetSocketAddress("198.51.100.3", 5)))) {
            assertNotNull(ready.poll(WAIT_MILLIS, TimeUnit.MILLISECONDS), "the next connection is served");
        }
    }

    @Test
    @DisplayName("by default a version 2 header is a protocol error: the connection is closed, the listener goes on")
    void v2HeaderRefusedByDefault() throws Exception {
        start(ListenerLimits.defaults(), false);
        assertRefusedThenServed(proxied(new InetSocketAddress("198.51.100.4", 7)));
    }

    @Test
    @DisplayName("by default a version 1 header is a protocol error: the connection is closed, the listener goes on")
    void v1HeaderRefusedByDefault() throws Exception {
        start(ListenerLimits.defaults(), false);
        byte[] v1 = ProxyHeaders.v1(new InetSocketAddress("198.51.100.5", 7), LISTENER);
        assertRefusedThenServed(ProxyHeaders.concat(v1, GREETING));
    }

    private void assertRefusedThenServed(byte[] first) throws Exception {
        try (Socket s = connect(first)) {
            assertClosed(s);
        }
        assertNull(ready.poll(200, TimeUnit.MILLISECONDS), "no session after a PROXY header");
        try (Socket s = connect(GREETING)) {
            BeepSession session = ready.poll(WAIT_MILLIS, TimeUnit.MILLISECONDS);
            assertNotNull(session, "the next connection is served");
            assertEquals(s.getLocalSocketAddress(), session.remoteAddress());
        }
    }
}
