package io.beepkit.netty.internal;

import io.netty.channel.EventLoopGroup;

import java.util.List;

/**
 * A listener's event loops: the accept loop and the I/O loops, either its own (created here, stopped with it) or
 * shared ones it must leave running.
 *
 * @param accept the accept loop: a thread of its own, so that sessions busy on the I/O threads do not delay new
 *               connections and with them the greeting timeouts, refusals and limits that apply from the first octet
 * @param io     the I/O loops sessions run on
 * @param owned  true when the listener created them and so stops them
 */
public record ListenerLoops(EventLoopGroup accept, EventLoopGroup io, boolean owned) {

    /** New loops of {@code transport}: {@code ioThreads} I/O loops (0 for Netty's default) and one accept loop. */
    public static ListenerLoops create(Transport transport, int ioThreads) {
        EventLoopGroup io = transport.newGroup(ioThreads, "beep-server");
        return new ListenerLoops(transport.newGroup(1, "beep-accept"), io, true);
    }

    /** Shared loops, left running when the listener stops. */
    public static ListenerLoops shared(EventLoopGroup accept, EventLoopGroup io) {
        return new ListenerLoops(accept, io, false);
    }

    /** The loops the listener must stop: its own, none when shared. */
    public List<EventLoopGroup> toStop() {
        return owned ? List.of(accept, io) : List.of();
    }

    /** True on a thread of these loops. */
    public boolean inLoop() {
        return Transport.inLoopOfAny(io, accept);
    }
}
