package io.beepkit.micrometer.observation;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.SessionRole;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Objects;

/**
 * What an observation knows about the exchange it times, read once from the channel when the MSG is sent or
 * received: the profile, our side of the session, the channel number and the peer's address.
 */
public final class BeepExchange {
    private final String profile;
    private final SessionRole role;
    private final int channel;
    private final String peerAddress;

    /**
     * @param profile     the profile URI the channel runs
     * @param role        our side of the session
     * @param channel     the channel number
     * @param peerAddress the peer's address as {@code host:port}
     */
    public BeepExchange(String profile, SessionRole role, int channel, String peerAddress) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.role = Objects.requireNonNull(role, "role");
        this.channel = channel;
        this.peerAddress = Objects.requireNonNull(peerAddress, "peerAddress");
    }

    /** The exchange facts of a MSG on {@code channel}. */
    static BeepExchange of(BeepChannel channel) {
        return new BeepExchange(channel.profile(), channel.session().role(), channel.number(),
                address(channel.session().remoteAddress()));
    }

    /** {@code host:port} for an IP socket address (no reverse lookup), else the address's own text. */
    static String address(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            return inet.getHostString() + ":" + inet.getPort();
        }
        return String.valueOf(address);
    }

    /** The profile URI the channel runs. */
    public String profile() {
        return profile;
    }

    /** Our side of the session. */
    public SessionRole role() {
        return role;
    }

    /** The channel number. */
    public int channel() {
        return channel;
    }

    /** The peer's address as {@code host:port}. */
    public String peerAddress() {
        return peerAddress;
    }

    @Override
    public String toString() {
        return "BeepExchange[" + profile + " channel " + channel + " " + role + " peer " + peerAddress + "]";
    }
}
