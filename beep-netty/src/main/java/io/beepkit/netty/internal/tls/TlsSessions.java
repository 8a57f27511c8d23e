package io.beepkit.netty.internal.tls;

import io.beepkit.api.security.TlsSessionInfo;
import io.netty.handler.ssl.SslHandler;

import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLSession;

/** Reads what a completed handshake negotiated. */
public final class TlsSessions {
    private TlsSessions() {
    }

    /**
     * The protocol, cipher suite, peer certificate chain and (on a listener) the SNI name of {@code handler}'s
     * session; call once its handshake future succeeded.
     */
    public static TlsSessionInfo info(SslHandler handler) {
        SSLSession session = handler.engine().getSession();
        String sni = null;
        if (session instanceof ExtendedSSLSession ext) {
            for (SNIServerName name : ext.getRequestedServerNames()) {
                if (name instanceof SNIHostName host) {
                    sni = host.getAsciiName();
                }
            }
        }
        return TlsSessionInfo.from(session, sni);
    }
}
