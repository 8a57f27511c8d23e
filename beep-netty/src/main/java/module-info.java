/**
 * BEEP over TCP on Netty (RFC 3081): {@code BeepServer}, {@code BeepClient}, their configuration and socket profiles
 * ({@code io.beepkit.netty}), TLS settings ({@code io.beepkit.netty.tls}) and diagnostics for tools
 * ({@code io.beepkit.netty.diagnostics}: failure words, the host's TCP segment count). The session engine
 * ({@code io.beepkit.netty.internal.*}) is not exported.
 */
module io.beepkit.netty {
    requires transitive io.beepkit.core;
    requires transitive io.netty.buffer;
    requires transitive io.netty.common;
    requires transitive io.netty.transport;
    requires static org.jspecify;
    requires io.netty.codec;
    requires io.netty.codec.haproxy;
    requires io.netty.handler;
    requires io.netty.transport.classes.epoll;
    requires java.security.sasl;
    requires jdk.net; // TCP keep-alive idle, interval and count with NIO
    requires org.slf4j;

    exports io.beepkit.netty;
    exports io.beepkit.netty.diagnostics;
    exports io.beepkit.netty.tls;
}
