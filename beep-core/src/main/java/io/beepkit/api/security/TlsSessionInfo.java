package io.beepkit.api.security;

import org.jspecify.annotations.Nullable;

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
 */
public final class TlsSessionInfo {
    private final String protocol;
    private final String cipherSuite;
    private final List<X509Certificate> peerCertificates;
    private final @Nullable String sniHostName;

    /** Copies the chain; protocol and cipher suite are required. */
    public TlsSessionInfo(String protocol, String cipherSuite, List<X509Certificate> peerCertificates,
                          @Nullable String sniHostName) {
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(cipherSuite, "cipherSuite");
        peerCertificates = List.copyOf(peerCertificates);
        this.protocol = protocol;
        this.cipherSuite = cipherSuite;
        this.peerCertificates = peerCertificates;
        this.sniHostName = sniHostName;
    }

    /** The protocol, for example {@code TLSv1.3}. */
    public String protocol() {
        return protocol;
    }

    /** The cipher suite, for example {@code TLS_AES_128_GCM_SHA256}. */
    public String cipherSuite() {
        return cipherSuite;
    }

    /** The peer's certificate chain, leaf first; empty when the peer sent none (a client without certificate). */
    public List<X509Certificate> peerCertificates() {
        return peerCertificates;
    }

    /** The server name the client asked for by SNI (on either side), or null. */
    public @Nullable String sniHostName() {
        return sniHostName;
    }

    /** Reads the facts of {@code session} (after its handshake completed), with the SNI name if known. */
    public static TlsSessionInfo from(SSLSession session, @Nullable String sniHostName) {
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

    @Override
    public boolean equals(Object o) {
        return o instanceof TlsSessionInfo that
                && Objects.equals(protocol, that.protocol)
                && Objects.equals(cipherSuite, that.cipherSuite)
                && Objects.equals(peerCertificates, that.peerCertificates)
                && Objects.equals(sniHostName, that.sniHostName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, cipherSuite, peerCertificates, sniHostName);
    }

    @Override
    public String toString() {
        return "TlsSessionInfo[protocol=" + protocol + ", cipherSuite=" + cipherSuite
                + ", peerCertificates=" + peerCertificates + ", sniHostName=" + sniHostName + "]";
    }
}
