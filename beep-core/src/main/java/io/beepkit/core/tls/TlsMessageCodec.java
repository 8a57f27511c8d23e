package io.beepkit.core.tls;

import io.beepkit.core.LogText;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.xml.StrictXml;

import java.util.Set;

/**
 * Parses and writes the TLS profile's messages. Writing produces exactly {@code <ready />} and {@code <proceed />}:
 * the Vortex Library compares the piggybacked content and the reply byte for byte against these forms. Parsing
 * accepts any well-formed spelling, refuses unknown elements, unknown attributes, content in the empty elements and
 * anything {@link StrictXml} refuses, with a {@link BeepProtocolException}. The caller answers a malformed ready
 * with {@code <error code='501'>} (as in RFC 3080 §3.1.1's example) and terminates on a malformed reply.
 */
public final class TlsMessageCodec {
    /** The longest TLS message accepted; real ones are under 100 characters. */
    public static final int MAX_CHARS = 4096;

    private TlsMessageCodec() {
    }

    /** Parses one TLS message (piggybacked content or a message body, with the MIME headers removed). */
    public static TlsMessage parse(String xml) {
        StrictXml.Element e = StrictXml.parseSingleElement(xml, MAX_CHARS, "TLS profile message");
        switch (e.name()) {
            case "ready": {
                onlyAttributes(e, Set.of("version"));
                noContent(e);
                String version = e.attribute("version");
                if (version == null) {
                    return TlsMessage.Ready.DEFAULT;
                }
                if (version.isBlank() || version.length() > 16) {
                    throw new BeepProtocolException("version attribute poorly formed in <ready>: '"
                            + LogText.escape(version, 32) + "'");
                }
                return new TlsMessage.Ready(version);
            }
            case "proceed":
                onlyAttributes(e, Set.of());
                noContent(e);
                return new TlsMessage.Proceed();
            case "error":
                onlyAttributes(e, Set.of("code", "xml:lang"));
                return new TlsMessage.Error(code(e.attribute("code")), e.text().strip());
            default:
                throw new BeepProtocolException("unknown TLS profile element <" + LogText.escape(e.name(), 32) + ">");
        }
    }

    /** Writes {@code message}: {@code <ready />}, {@code <ready version='..' />}, {@code <proceed />} or an error. */
    public static String write(TlsMessage message) {
        if (message instanceof TlsMessage.Ready r) {
            return "1".equals(r.version()) ? "<ready />" : "<ready version='" + StrictXml.escape(r.version()) + "' />";
        }
        if (message instanceof TlsMessage.Proceed) {
            return "<proceed />";
        }
        TlsMessage.Error err = (TlsMessage.Error) message;
        if (err.diagnostic().isEmpty()) {
            return "<error code='" + err.code() + "' />";
        }
        return "<error code='" + err.code() + "'>" + StrictXml.escape(err.diagnostic()) + "</error>";
    }

    private static void onlyAttributes(StrictXml.Element e, Set<String> allowed) {
        for (String name : e.attributes().keySet()) {
            if (!allowed.contains(name)) {
                throw new BeepProtocolException("unknown attribute " + LogText.escape(name, 32) + " on <"
                        + e.name() + ">");
            }
        }
    }

    private static void noContent(StrictXml.Element e) {
        if (!e.text().isBlank()) {
            throw new BeepProtocolException("<" + e.name() + "> must be empty");
        }
    }

    static int code(String value) {
        if (value == null) {
            throw new BeepProtocolException("<error> lacks the code attribute");
        }
        if (value.length() != 3 || !value.chars().allMatch(c -> c >= '0' && c <= '9') || value.charAt(0) == '0') {
            throw new BeepProtocolException("error code '" + LogText.escape(value, 16) + "' is not three digits");
        }
        return Integer.parseInt(value);
    }
}
