package io.beepkit.netty.tls;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;

/** Which TLS implementation to use. */
public enum TlsProvider {
    /** OpenSSL (netty-tcnative) when it is on the class path and loads, the JDK otherwise. */
    AUTO,
    /** The JDK's JSSE. */
    JDK,
    /** OpenSSL through netty-tcnative; fails at build time when it is not available. */
    OPENSSL;

    /** True if netty-tcnative is on the class path and its native library loads here. */
    public static boolean openSslAvailable() {
        return OpenSsl.isAvailable();
    }

    /** The Netty provider this choice means on this machine. */
    SslProvider resolve() {
        return switch (this) {
            case JDK -> SslProvider.JDK;
            case OPENSSL -> {
                if (!OpenSsl.isAvailable()) {
                    throw new IllegalStateException("the OpenSSL TLS provider is not available: "
                            + OpenSsl.unavailabilityCause());
                }
                yield SslProvider.OPENSSL;
            }
            case AUTO -> OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
        };
    }
}
