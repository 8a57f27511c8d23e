package io.beepkit.api.security;

import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a TLS handshake negotiated, as a session reports it once secured.
 *
 * @param protocol          the protocol, for example {@code TLSv1.3}
 * @param cipherSuite       the cipher suite, for example {@code TLS_AES_128_GCM_SHA256}
 * @param peerCertificates  the peer's certificate chain, leaf first; empty when the peer sent none (a client
 *                          without certificate)
 * @param sniHostName       the server name the client asked for by SNI (on either side), or null
 */
public record TlsSessionInfo(String protocol, String cipherSuite, List<X509Certificate> peerCertificates,
                             String sniHostName) {
    /** Copies the chain; protocol and cipher suite are required. */
    public TlsSessionInfo {
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(cipherSuite, "cipherSuite");
        peerCertificates = List.copyOf(peerCertificates);
    }

    /** Reads the facts of {@code session} (after its handshake completed), with the SNI name if known. */
    public static TlsSessionInfo from(SSLSession session, String sniHostName) {
        List<X509Certificate> chain = new ArrayList<>();
        try {
            for (Certificate c : session.getPeerCertificates()) {
                if (c instanceof X509Certificate x) {
                    chain.add(x);
                }
            }
        } catch (SSLPeerUnverifiedException noPeerCertificate) {
            // the peer did not authenticate (a client without certificate): the chain stays empty
        }
        return new TlsSessionInfo(session.getProtocol(), session.getCipherSuite(), chain, sniHostName);
    }

    /** The peer's leaf certificate, if it sent one. */
    public Optional<X509Certificate> peerCertificate() {
        return peerCertificates.isEmpty() ? Optional.empty() : Optional.of(peerCertificates.get(0));
    }

    /** The peer's subject (RFC 2253), if it sent a certificate. */
    public Optional<String> peerSubject() {
        return peerCertificate().map(c -> c.getSubjectX500Principal().getName());
    }
}
