package io.beepkit.core.sasl;

import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import javax.security.sasl.SaslException;
import java.nio.charset.StandardCharsets;

/** The ANONYMOUS client (RFC 4505), which the JDK lacks: the initial response is the trace, and that is all. */
final class AnonymousClient implements SaslClient {
    private final String trace;
    private boolean complete;

    AnonymousClient(String trace) {
        this.trace = trace == null ? "" : trace;
    }

    @Override
    public String getMechanismName() {
        return "ANONYMOUS";
    }

    @Override
    public boolean hasInitialResponse() {
        return true;
    }

    @Override
    public byte[] evaluateChallenge(byte[] challenge) throws SaslException {
        if (complete) {
            throw new SaslException("ANONYMOUS sends one message only");
        }
        complete = true;
        return trace.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean isComplete() {
        return complete;
    }

    @Override
    public byte[] unwrap(byte[] incoming, int offset, int len) {
        throw new IllegalStateException("ANONYMOUS has no security layer");
    }

    @Override
    public byte[] wrap(byte[] outgoing, int offset, int len) {
        throw new IllegalStateException("ANONYMOUS has no security layer");
    }

    @Override
    public Object getNegotiatedProperty(String propName) {
        return Sasl.QOP.equals(propName) ? "auth" : null;
    }

    @Override
    public void dispose() {
        // nothing held
    }
}
