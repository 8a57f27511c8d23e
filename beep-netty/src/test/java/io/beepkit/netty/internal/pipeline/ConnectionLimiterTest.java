package io.beepkit.netty.internal.pipeline;

import io.beepkit.netty.internal.PeerAddress;
import io.beepkit.netty.internal.ViolationLog;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.AttributeKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A listener's connection counts on {@link EmbeddedChannel}s with real peer addresses: {@link ConnectionLimiter#admit}
 * counts a connection in total and against its IP address with one close listener, and the close releases both.
 */
class ConnectionLimiterTest {
    private static final InetSocketAddress A1 = new InetSocketAddress("192.0.2.10", 40001);
    private static final InetSocketAddress A2 = new InetSocketAddress("192.0.2.10", 40002);
    private static final InetSocketAddress B1 = new InetSocketAddress("192.0.2.11", 40001);

    private final List<EmbeddedChannel> channels = new ArrayList<>();

    @AfterEach
    void close() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    private EmbeddedChannel from(SocketAddress peer) {
        EmbeddedChannel ch = new EmbeddedChannel() {
            @Override
            protected SocketAddress remoteAddress0() {
                return peer;
            }
        };
        channels.add(ch);
        return ch;
    }

    @Test
    @DisplayName("admit counts a connection in total and per address; its close releases both counts")
    void admitCountsBothAndCloseReleasesBoth() {
        ConnectionLimiter limiter = new ConnectionLimiter(3, 1, new ViolationLog());
        EmbeddedChannel first = from(A1);
        assertTrue(limiter.admit(first));
        assertFalse(limiter.admit(from(A2)), "a second connection from the same address");
        assertEquals(1, limiter.open(), "a refused connection is not counted");
        assertTrue(limiter.admit(from(B1)));
        assertEquals(2, limiter.open());
        assertEquals(1, limiter.openFrom(A1.getAddress()));

        first.close();
        assertEquals(1, limiter.open(), "the close left the total count");
        assertEquals(0, limiter.openFrom(A1.getAddress()), "the close left the address's count");
        assertTrue(limiter.admit(from(A2)), "the address is free again");
    }

    @Test
    @DisplayName("over the total limit a connection is refused and leaves no count behind")
    void totalLimit() {
        ConnectionLimiter limiter = new ConnectionLimiter(1, 0, new ViolationLog());
        EmbeddedChannel first = from(A1);
        assertTrue(limiter.admit(first));
        assertFalse(limiter.admit(from(B1)));
        assertEquals(1, limiter.open());
        first.close();
        assertEquals(0, limiter.open());
        assertTrue(limiter.admit(from(B1)));
    }

    @Test
    @DisplayName("the peer's address of a connection without a PROXY header adds no attribute to its channel")
    void peerAddressAddsNoAttribute() {
        EmbeddedChannel ch = from(A1);
        assertEquals(A1, PeerAddress.of(ch));
        assertFalse(ch.hasAttr(AttributeKey.valueOf(PeerAddress.class, "proxied")));
    }
}
