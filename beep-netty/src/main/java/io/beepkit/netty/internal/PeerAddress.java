package io.beepkit.netty.internal;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import org.jspecify.annotations.Nullable;

import java.net.SocketAddress;

/**
 * The address of a connection's peer as the listener treats it: the client's address from a PROXY protocol header
 * when a balancer in front of the listener sent one, otherwise the socket's remote address. Logs, the per-address
 * connection limit and {@link io.beepkit.api.BeepSession#remoteAddress()} all read it from here.
 */
public final class PeerAddress {
    private static final AttributeKey<SocketAddress> PROXIED = AttributeKey.valueOf(PeerAddress.class, "proxied");

    private PeerAddress() {
    }

    /** The peer's address: the proxied client's if one was recorded, else the socket's; null before connecting. */
    public static @Nullable SocketAddress of(@Nullable Channel ch) {
        if (ch == null) {
            return null;
        }
        // hasAttr first: attr() would add an empty attribute to every channel that never had a PROXY header.
        SocketAddress proxied = ch.hasAttr(PROXIED) ? ch.attr(PROXIED).get() : null;
        return proxied != null ? proxied : ch.remoteAddress();
    }

    /** Records {@code client}, read from a PROXY protocol header, as the peer of {@code ch}. */
    public static void proxied(Channel ch, SocketAddress client) {
        ch.attr(PROXIED).set(client);
    }
}
