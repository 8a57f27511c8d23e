package io.beepkit.netty.internal.tls;

import io.beepkit.netty.tls.TlsProvider;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;

/** Turns the configuration's choices into Netty's TLS types. */
public final class TlsProviders {
    private TlsProviders() {
    }

    /** The Netty provider {@code choice} means on this machine. */
    public static SslProvider resolve(TlsProvider choice) {
        return switch (choice) {
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

    /** Netty's name for {@code choice}. */
    public static io.netty.handler.ssl.ClientAuth clientAuth(io.beepkit.netty.tls.ClientAuthentication choice) {
        return switch (choice) {
            case NONE -> io.netty.handler.ssl.ClientAuth.NONE;
            case OPTIONAL -> io.netty.handler.ssl.ClientAuth.OPTIONAL;
            case REQUIRE -> io.netty.handler.ssl.ClientAuth.REQUIRE;
        };
    }
}
