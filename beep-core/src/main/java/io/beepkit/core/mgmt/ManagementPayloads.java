package io.beepkit.core.mgmt;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.MimeEntity;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Channel-0 payloads as octets, and the one reading of {@code <error>} elements (RFC 3080 §2.3.1.4) that every ERR
 * goes through: a refused greeting, a refused start or close, and an application's ERR reply.
 */
public final class ManagementPayloads {
    private static final byte[] XML_HEADERS =
            ("Content-Type: " + MimeEntity.BEEP_XML + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);

    private ManagementPayloads() {
    }

    /** A channel-0 element with its {@code Content-Type: application/beep+xml} header, as payload octets. */
    public static byte[] xml(ManagementMessage m) {
        byte[] body = ManagementCodec.write(m).getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[XML_HEADERS.length + body.length];
        System.arraycopy(XML_HEADERS, 0, out, 0, XML_HEADERS.length);
        System.arraycopy(body, 0, out, XML_HEADERS.length, body.length);
        return out;
    }

    /** An {@code <error>} payload with {@code code} and {@code diagnostic}. */
    public static byte[] error(int code, String diagnostic) {
        return xml(new ManagementMessage.Error(code, diagnostic));
    }

    /** The {@code <error>} element {@code entity} holds, or empty when it holds something else or malformed XML. */
    public static Optional<ManagementMessage.Error> errorElement(MimeEntity entity) {
        byte[] body = entity.body();
        if (!startsWithErrorElement(body)) {
            return Optional.empty();
        }
        try {
            return ManagementCodec.parse(body) instanceof ManagementMessage.Error e ? Optional.of(e) : Optional.empty();
        } catch (BeepProtocolException e) {
            return Optional.empty();
        }
    }

    /**
     * The peer's refusal on channel 0 as an exception; a channel-0 ERR that is not an {@code <error>} element is a
     * malformed reply, which terminates the session.
     *
     * @throws BeepProtocolException when {@code entity} holds no {@code <error>} element
     */
    public static BeepErrorException refusal(MimeEntity entity) {
        return errorElement(entity)
                .map(e -> new BeepErrorException(e.code(), e.diagnostic()))
                .orElseThrow(() -> new BeepProtocolException("malformed error reply on channel 0: " + entity.bodyText()));
    }

    private static boolean startsWithErrorElement(byte[] body) {
        int i = 0;
        while (i < body.length && (body[i] == ' ' || body[i] == '\t' || body[i] == '\r' || body[i] == '\n')) {
            i++;
        }
        if (i + 1 < body.length && body[i] == '<' && body[i + 1] == '?') {
            return true; // an XML declaration first: let the parser decide
        }
        return i + 6 <= body.length && new String(body, i, 6, StandardCharsets.US_ASCII).equals("<error");
    }
}
