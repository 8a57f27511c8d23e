package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A BEEP payload: a MIME entity of optional headers and a body (RFC 3080 §2.2, §2.2.2). Header names compare
 * case-insensitively; absent headers take the RFC's defaults ({@code Content-Type: application/octet-stream},
 * {@code Content-Transfer-Encoding: binary}). Immutable; the body array is not copied, so do not change it after
 * handing it over.
 */
public final class MimeEntity {
    /** The default content type of a BEEP payload (RFC 3080 §2.2). */
    public static final String DEFAULT_CONTENT_TYPE = "application/octet-stream";
    /** The default transfer encoding of a BEEP payload (RFC 3080 §2.2). */
    public static final String DEFAULT_TRANSFER_ENCODING = "binary";
    /** The content type of channel-0 management messages. */
    public static final String BEEP_XML = "application/beep+xml";

    private static final byte[] EMPTY = new byte[0];
    /** No headers and an empty body: the payload is a single CRLF on the wire. */
    public static final MimeEntity EMPTY_ENTITY = new MimeEntity(List.of(), EMPTY);

    private final List<Map.Entry<String, String>> headers;
    private final byte[] body;

    private MimeEntity(List<Map.Entry<String, String>> headers, byte[] body) {
        this.headers = headers;
        this.body = body;
    }

    /** An entity with no headers (defaults apply) and the given body. */
    public static MimeEntity of(byte[] body) {
        return new MimeEntity(List.of(), Objects.requireNonNull(body, "body"));
    }

    /** An entity with no headers and a UTF-8 text body. */
    public static MimeEntity of(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8));
    }

    /** An entity with one {@code Content-Type} header. */
    public static MimeEntity of(String contentType, byte[] body) {
        return builder().header("Content-Type", contentType).body(body).build();
    }

    /** A builder for an entity with headers. */
    public static Builder builder() {
        return new Builder();
    }

    /** Headers in the order they were written, names as written. */
    public List<Map.Entry<String, String>> headers() {
        return headers;
    }

    /** The value of the first header named {@code name} (case-insensitive), or null when there is none. */
    public @Nullable String header(String name) {
        for (Map.Entry<String, String> h : headers) {
            if (h.getKey().equalsIgnoreCase(name)) {
                return h.getValue();
            }
        }
        return null;
    }

    /** {@code Content-Type}, defaulting to {@value #DEFAULT_CONTENT_TYPE}. */
    public String contentType() {
        String v = header("Content-Type");
        return v == null ? DEFAULT_CONTENT_TYPE : v;
    }

    /** {@code Content-Transfer-Encoding}, defaulting to {@value #DEFAULT_TRANSFER_ENCODING}. */
    public String transferEncoding() {
        String v = header("Content-Transfer-Encoding");
        return v == null ? DEFAULT_TRANSFER_ENCODING : v.toLowerCase(Locale.ROOT);
    }

    /** The body octets (not a copy). */
    public byte[] body() {
        return body;
    }

    /** The body decoded with the {@code charset} parameter of the content type, UTF-8 if none. */
    public String bodyText() {
        return new String(body, charset());
    }

    private Charset charset() {
        String ct = contentType();
        int i = ct.toLowerCase(Locale.ROOT).indexOf("charset=");
        if (i >= 0) {
            String cs = ct.substring(i + 8).split("[;\\s]")[0].replace("\"", "");
            try {
                return Charset.forName(cs);
            } catch (RuntimeException ignored) {
                // Unknown charset: fall back to UTF-8 rather than fail the message.
            }
        }
        return StandardCharsets.UTF_8;
    }

    @Override
    public String toString() {
        return "MimeEntity{" + headers + ", " + body.length + " octets}";
    }

    /** Builds a {@link MimeEntity}. */
    public static final class Builder {
        private final List<Map.Entry<String, String>> headers = new ArrayList<>();
        private byte[] body = EMPTY;

        /**
         * Adds a header.
         *
         * @throws IllegalArgumentException if the name is not an RFC 822 token or the value holds CR or LF
         */
        public Builder header(String name, String value) {
            if (name == null || name.isEmpty() || !name.chars().allMatch(c -> c > 32 && c < 127 && c != ':')) {
                throw new IllegalArgumentException("invalid header name: '" + name + "'");
            }
            if (value == null || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("invalid value for header " + name + ": '" + value + "'");
            }
            headers.add(Map.entry(name, value));
            return this;
        }

        /** Sets the body octets (kept as given, not copied). */
        public Builder body(byte[] body) {
            this.body = Objects.requireNonNull(body, "body");
            return this;
        }

        /** Sets the body to {@code text} encoded as UTF-8. */
        public Builder body(String text) {
            return body(text.getBytes(StandardCharsets.UTF_8));
        }

        /** The entity. */
        public MimeEntity build() {
            return new MimeEntity(Collections.unmodifiableList(new ArrayList<>(headers)), body);
        }
    }
}
