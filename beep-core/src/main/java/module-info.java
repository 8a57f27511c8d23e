/**
 * The BEEP protocol without a transport: the public API ({@code io.beepkit.api}, {@code io.beepkit.api.security}),
 * the ready-made profiles ({@code io.beepkit.core.profiles}), and the protocol engine, which only beepkit's own
 * modules may read.
 */
module io.beepkit.core {
    requires static transitive org.jspecify;
    requires java.security.sasl;

    exports io.beepkit.api;
    exports io.beepkit.api.security;
    exports io.beepkit.core.profiles;

    // The engine: qualified exports to the sibling modules only, never to applications.
    exports io.beepkit.core to io.beepkit.netty, io.beepkit.syslog;
    exports io.beepkit.core.channel to io.beepkit.netty;
    exports io.beepkit.core.flow to io.beepkit.netty;
    exports io.beepkit.core.frame to io.beepkit.netty;
    exports io.beepkit.core.mgmt to io.beepkit.netty;
    exports io.beepkit.core.mime to io.beepkit.netty;
    exports io.beepkit.core.sasl to io.beepkit.netty;
    exports io.beepkit.core.tls to io.beepkit.netty;
    exports io.beepkit.core.xml to io.beepkit.syslog;
}
