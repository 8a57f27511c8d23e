package io.beepkit.netty.internal.pipeline;

import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.ListenerSecurity;
import io.beepkit.netty.internal.ListenerSetup;
import io.beepkit.netty.internal.session.CallbackSetup;
import io.beepkit.netty.internal.codec.BeepFrameDecoder;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.testing.ProxyHeaders;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PROXY protocol on a listener's pipeline, on an {@link EmbeddedChannel}: the decoder comes first and nothing
 * of the session exists until the header is read; a version 1 or 2 PROXY header makes the client's address the
 * session's remote address, a LOCAL header keeps the socket's; the decoder and its handler leave the pipeline and the
 * octets after the header reach the session; an invalid or missing header closes the connection.
 */
class ProxyHeaderHandlerTest {
    private static final InetSocketAddress CLIENT = new InetSocketAddress("203.0.113.7", 40001);
    private static final InetSocketAddress CLIENT6 = new InetSocketAddress("2001:db8::17", 51000);
    private static final InetSocketAddress LISTENER = new InetSocketAddress("192.0.2.1", 10288);
    private static final String PEER_GREETING = frame("Content-Type: application/beep+xml\r\n\r\n<greeting />");

    private final List<DefaultBeepSession> sessions = new ArrayList<>();
    private EmbeddedChannel ch;

    private static String frame(String payload) {
        return "RPY 0 0 . 0 " + payload.length() + "\r\n" + payload + "END\r\n";
    }

    @AfterEach
    void release() {
        if (ch != null) {
            ch.finishAndReleaseAll();
        }
    }

    private EmbeddedChannel listener(SessionConfig config, boolean proxyProtocol) {
        PipelineInitializer init = new PipelineInitializer(SessionRole.LISTENER, config, new ProfileRegistry(), null,
                sessions::add, s -> { }, SecurityEndpoint.listener(ListenerSecurity.NONE), CallbackSetup.DEFAULT,
                new ListenerSetup(ListenerLimits.defaults(), proxyProtocol), null, 0);
        ch = new EmbeddedChannel(init);
        return ch;
    }

    private EmbeddedChannel proxied() {
        return listener(SessionConfig.defaults(), true);
    }

    private void receive(byte[] octets) {
        ch.writeInbound(Unpooled.wrappedBuffer(octets));
        ch.runPendingTasks();
    }

    private static byte[] withGreeting(byte[] header) {
        return ProxyHeaders.concat(header, PEER_GREETING.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    @DisplayName("with the PROXY protocol on, the decoder is the first handler and no session exists before the header")
    void decoderComesFirst() {
        proxied();
        List<String> names = ch.pipeline().names();
        assertEquals(ProxyHeaderHandler.DECODER_NAME, names.get(0), "pipeline " + names);
        assertEquals(ProxyHeaderHandler.NAME, names.get(1), "pipeline " + names);
        assertNull(ch.pipeline().get("beep-session"), "pipeline " + names);
        assertTrue(sessions.isEmpty());
        assertNull(ch.readOutbound(), "no greeting before the header");
    }

    @Test
    @DisplayName("a version 2 PROXY header: the client's address is the session's, the decoder leaves, the greeting "
            + "after it in the same read reaches the session")
    void v2HeaderSetsTheAddress() {
        proxied();
        receive(withGreeting(ProxyHeaders.v2(CLIENT, LISTENER)));
        assertEquals(1, sessions.size());
        assertEquals(CLIENT, sessions.get(0).remoteAddress());
        assertSessionPipeline();
        assertNull(ch.pipeline().get("beep-greeting-guard"), "the greeting after the header was received");
        io.netty.buffer.ByteBuf greeting = ch.readOutbound();
        assertNotNull(greeting, "our greeting was sent");
        greeting.release();
    }

    @Test
    @DisplayName("a version 1 header over IPv6, split across two reads: the client's address is the session's")
    void v1HeaderSetsTheAddress() {
        proxied();
        byte[] header = ProxyHeaders.v1(CLIENT6, new InetSocketAddress("2001:db8::1", 10288));
        byte[] all = withGreeting(header);
        int cut = 9; // inside "PROXY TCP6 ..."
        receive(java.util.Arrays.copyOfRange(all, 0, cut));
        assertTrue(sessions.isEmpty(), "no session before the whole header");
        receive(java.util.Arrays.copyOfRange(all, cut, all.length));
        assertEquals(1, sessions.size());
        assertEquals(CLIENT6, sessions.get(0).remoteAddress());
        assertSessionPipeline();
        assertNull(ch.pipeline().get("beep-greeting-guard"), "the greeting after the header was received");
    }

    @Test
    @DisplayName("a LOCAL header (a health check) keeps the socket's address")
    void localHeaderKeepsTheSocketAddress() {
        proxied();
        receive(withGreeting(ProxyHeaders.v2Local()));
        assertEquals(1, sessions.size());
        assertEquals(ch.remoteAddress(), sessions.get(0).remoteAddress());
        assertSessionPipeline();
    }

    @Test
    @DisplayName("an invalid header closes the connection without a session")
    void invalidHeaderCloses() {
        proxied();
        receive("GET / HTTP/1.1\r\nHost: example\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        assertFalse(ch.isOpen(), "closed");
        assertTrue(sessions.isEmpty());
    }

    @Test
    @DisplayName("a version 1 header longer than the format allows closes the connection")
    void overlongHeaderCloses() {
        proxied();
        receive(("PROXY TCP4 " + "1".repeat(200)).getBytes(StandardCharsets.US_ASCII));
        assertFalse(ch.isOpen(), "closed");
        assertTrue(sessions.isEmpty());
    }

    @Test
    @DisplayName("no header within the greeting timeout closes the connection")
    void missingHeaderTimesOut() {
        listener(SessionConfig.builder()
                .limits(SessionLimits.builder().greetingTimeout(Duration.ofSeconds(2)).build()).build(), true);
        ch.advanceTimeBy(1, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertTrue(ch.isOpen(), "open within the timeout");
        ch.advanceTimeBy(2, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertFalse(ch.isOpen(), "closed after the timeout");
        assertTrue(sessions.isEmpty());
    }

    @Test
    @DisplayName("with the PROXY protocol off, the pipeline has no decoder and the session keeps the socket's address")
    void offByDefault() {
        listener(SessionConfig.defaults(), false);
        assertNull(ch.pipeline().get(ProxyHeaderHandler.DECODER_NAME));
        assertEquals(1, sessions.size());
        assertEquals(ch.remoteAddress(), sessions.get(0).remoteAddress());
    }

    private void assertSessionPipeline() {
        List<String> names = ch.pipeline().names();
        assertNull(ch.pipeline().get(ProxyHeaderHandler.DECODER_NAME), "decoder removed: " + names);
        assertNull(ch.pipeline().get(ProxyHeaderHandler.NAME), "header handler removed: " + names);
        assertNotNull(ch.pipeline().get(BeepFrameDecoder.NAME), "session set up: " + names);
        assertNotNull(ch.pipeline().get("beep-session"), "session set up: " + names);
    }
}
