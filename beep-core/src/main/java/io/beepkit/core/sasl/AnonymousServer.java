package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslAuthenticator;

import javax.security.sasl.AuthenticationException;
import javax.security.sasl.SaslException;
import java.nio.charset.StandardCharsets;

/**
 * The ANONYMOUS server (RFC 4505): the client's message is an optional trace (at most 255 characters of UTF-8);
 * the authenticator decides. The authentication identity is the trace, the authorization identity
 * {@code anonymous}.
 */
final class AnonymousServer extends ClientFirstServer {
    private static final int MAX_TRACE_OCTETS = 255 * 4;
    private final SaslAuthenticator authenticator;

    AnonymousServer(SaslAuthenticator authenticator) {
        super("ANONYMOUS", true);
        this.authenticator = authenticator;
    }

    @Override
    String[] judge(byte[] message) throws SaslException {
        if (message.length > MAX_TRACE_OCTETS) {
            throw new SaslException("ANONYMOUS trace longer than 255 characters");
        }
        String trace = new String(message, StandardCharsets.UTF_8);
        if (trace.codePointCount(0, trace.length()) > 255 || trace.indexOf('\0') >= 0) {
            throw new SaslException("ANONYMOUS trace longer than 255 characters or containing NUL");
        }
        if (!authenticator.acceptAnonymous(trace)) {
            throw new AuthenticationException("anonymous access refused");
        }
        return new String[]{trace, "anonymous"};
    }
}
