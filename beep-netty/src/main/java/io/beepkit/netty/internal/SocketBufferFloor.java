package io.beepkit.netty.internal;

import io.beepkit.netty.SocketOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Raises SO_RCVBUF and SO_SNDBUF requests below {@link SocketOptions#MIN_SOCKET_BUFFER} to it. With a smaller
 * receive buffer Linux advertises a TCP window of one or two segments; the sender then holds a segment that does not
 * fit the remainder of the window (sender-side silly-window avoidance), the receiver announces no window update after
 * reading (it waits until the window doubles), and the data moves only when the persist timer fires, 200 ms and more
 * apart: a 4098-octet echo took about a second (docs/tuning.md, "Small socket buffers").
 */
public final class SocketBufferFloor {
    private static final Logger log = LoggerFactory.getLogger(SocketBufferFloor.class);

    private SocketBufferFloor() {
    }

    /** The value to give the socket: 0 (the kernel's own sizing) stays 0, anything else at least the floor. */
    public static int applied(int requested) {
        return requested <= 0 ? requested : Math.max(requested, SocketOptions.MIN_SOCKET_BUFFER);
    }

    /** True when the options asks for a buffer below the floor. */
    public static boolean raises(SocketOptions p) {
        return applied(p.receiveBuffer()) != p.receiveBuffer() || applied(p.sendBuffer()) != p.sendBuffer();
    }

    /** One line for {@code who} (a client or a listener) when the options's buffers are raised; nothing otherwise. */
    public static void logIfRaised(SocketOptions p, String who) {
        if (raises(p)) {
            log.warn("{}: socket buffers below {} octets stall TCP on Linux; SO_RCVBUF requested {} applied {}, "
                            + "SO_SNDBUF requested {} applied {}", who, SocketOptions.MIN_SOCKET_BUFFER,
                    p.receiveBuffer(), applied(p.receiveBuffer()), p.sendBuffer(), applied(p.sendBuffer()));
        }
    }
}
