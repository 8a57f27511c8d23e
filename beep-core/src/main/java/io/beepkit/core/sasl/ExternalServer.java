package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.TlsSessionInfo;

import javax.security.sasl.AuthenticationException;
import javax.security.sasl.SaslException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The EXTERNAL server (RFC 4422 appendix A, RFC 3080 §4.1.3): the external authentication service is TLS with a
 * client certificate. The authenticator maps the certificate chain to an identity; the client's message is an
 * optional authorization identity, checked with {@link SaslAuthenticator#authorize}.
 */
final class ExternalServer extends ClientFirstServer {
    private final SaslAuthenticator authenticator;
    private final Optional<TlsSessionInfo> tls;

    ExternalServer(SaslAuthenticator authenticator, Optional<TlsSessionInfo> tls) {
        super("EXTERNAL", true);
        this.authenticator = authenticator;
        this.tls = tls;
    }

    @Override
    String[] judge(byte[] message) throws SaslException {
        if (tls.isEmpty() || tls.get().peerCertificates().isEmpty()) {
            throw new AuthenticationException("EXTERNAL needs TLS with a client certificate");
        }
        if (message.length > 1024) {
            throw new SaslException("EXTERNAL authorization identity longer than 1024 octets");
        }
        String identity = authenticator.externalIdentity(tls.get().peerCertificates());
        if (identity == null || identity.isEmpty()) {
            throw new AuthenticationException("client certificate not accepted for EXTERNAL");
        }
        String authzid = new String(message, StandardCharsets.UTF_8);
        return new String[]{identity, Identities.authorize(authenticator, identity, authzid)};
    }
}
