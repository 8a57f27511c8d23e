package io.beepkit.core.sasl;

import io.beepkit.core.LogText;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.sasl.SaslMessage.Blob;
import io.beepkit.core.sasl.SaslMessage.Status;
import io.beepkit.core.xml.StrictXml;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses and writes the SASL profiles' {@code <blob>} and {@code <error>} (RFC 3080 §4.1, DTD §7.3). Parsing is
 * bounded by a caller-given size checked before any XML work, refuses DOCTYPEs and entity definitions, unknown
 * elements and attributes, unknown status values and invalid base64, each with a {@link BeepProtocolException}.
 * Writing omits {@code status='continue'} (the DTD default, and how Vortex writes it) and writes empty blobs as
 * {@code <blob />}.
 */
public final class BlobCodec {
    private static final Pattern WHITESPACE = Pattern.compile("[ \\t\\r\\n]+");
    private static final Set<String> BLOB_ATTRIBUTES = Set.of("status", "xml:space");

    private BlobCodec() {
    }

    /** Parses a message the client sends: a {@code <blob>}. */
    public static Blob parseBlob(String xml, int maxChars) {
        SaslMessage m = parse(xml, maxChars);
        if (m instanceof Blob b) {
            return b;
        }
        throw new BeepProtocolException("expected <blob>, got <error>");
    }

    /** Parses a message the server sends: a {@code <blob>} or an {@code <error>}. */
    public static SaslMessage parse(String xml, int maxChars) {
        StrictXml.Element e = StrictXml.parseSingleElement(xml, maxChars, "SASL message");
        switch (e.name()) {
            case "blob":
                for (String name : e.attributes().keySet()) {
                    if (!BLOB_ATTRIBUTES.contains(name)) {
                        throw new BeepProtocolException("unknown attribute " + LogText.escape(name, 32)
                                + " on <blob>");
                    }
                }
                return new Blob(status(e.attribute("status")), base64(e.text()));
            case "error":
                return new SaslMessage.Error(code(e.attribute("code")), e.text().strip());
            default:
                throw new BeepProtocolException("unknown SASL element <" + LogText.escape(e.name(), 32) + ">");
        }
    }

    /** Writes {@code blob}. */
    public static String write(Blob blob) {
        StringBuilder sb = new StringBuilder(32 + blob.data().length * 4 / 3);
        sb.append("<blob");
        if (blob.status() != Status.CONTINUE) {
            sb.append(" status='").append(blob.status() == Status.COMPLETE ? "complete" : "abort").append('\'');
        }
        byte[] data = blob.data();
        if (data.length == 0) {
            return sb.append(" />").toString();
        }
        return sb.append('>').append(Base64.getEncoder().encodeToString(data)).append("</blob>").toString();
    }

    /** Writes an {@code <error>} with {@code code} and {@code diagnostic} (escaped). */
    public static String writeError(int code, String diagnostic) {
        SaslMessage.Error e = new SaslMessage.Error(code, diagnostic);
        if (e.diagnostic().isEmpty()) {
            return "<error code='" + code + "' />";
        }
        return "<error code='" + code + "'>" + StrictXml.escape(e.diagnostic()) + "</error>";
    }

    /** Decodes a message body (the entity body, MIME headers removed) as the UTF-8 text of a SASL message. */
    public static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }

    private static Status status(String value) {
        if (value == null) {
            return Status.CONTINUE;
        }
        return switch (value) {
            case "continue" -> Status.CONTINUE;
            case "complete" -> Status.COMPLETE;
            case "abort" -> Status.ABORT;
            default -> throw new BeepProtocolException("unknown blob status '" + LogText.escape(value, 32) + "'");
        };
    }

    private static byte[] base64(String content) {
        // Whitespace may wrap base64 lines; any other octet outside the alphabet is an error, so whitespace is
        // removed and the strict decoder used (the MIME decoder would silently skip garbage).
        String compact = WHITESPACE.matcher(content).replaceAll("");
        if (compact.length() % 4 != 0) {
            throw new BeepProtocolException("invalid base64 in <blob>: length not a multiple of 4");
        }
        try {
            return Base64.getDecoder().decode(compact);
        } catch (IllegalArgumentException e) {
            throw new BeepProtocolException("invalid base64 in <blob>");
        }
    }

    private static int code(String value) {
        if (value == null) {
            throw new BeepProtocolException("<error> lacks the code attribute");
        }
        if (value.length() != 3 || !value.chars().allMatch(c -> c >= '0' && c <= '9') || value.charAt(0) == '0') {
            throw new BeepProtocolException("error code '" + LogText.escape(value, 16) + "' is not three digits");
        }
        return Integer.parseInt(value);
    }
}
