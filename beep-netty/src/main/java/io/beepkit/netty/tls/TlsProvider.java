package io.beepkit.netty.tls;

import io.netty.handler.ssl.OpenSsl;

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
}
