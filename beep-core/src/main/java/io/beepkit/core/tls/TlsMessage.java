package io.beepkit.core.tls;

/** One message of the TLS transport security profile (RFC 3080 §3.1.3). */
public sealed interface TlsMessage {
    /** The profile URI of TLS tuning. */
    String PROFILE_URI = "http://iana.org/beep/TLS";

    /**
     * {@code <ready/>} (§3.1.3.1): the sender asks to start TLS and sends nothing more until the answer.
     *
     * @param version the earliest TLS version acceptable to the sender; the DTD's default is "1"
     */
    record Ready(String version) implements TlsMessage {
        /** A ready with the DTD's default version, "1". */
        public static final Ready DEFAULT = new Ready("1");

        /** Checks that {@code version} is present. */
        public Ready {
            if (version == null || version.isEmpty()) {
                throw new IllegalArgumentException("ready version must not be empty");
            }
        }
    }

    /** {@code <proceed/>} (§3.1.3.2): the listener agrees; both peers start the TLS handshake at once. */
    record Proceed() implements TlsMessage {
    }

    /**
     * {@code <error>}: the answer to a ready that cannot be honoured, or an ERR reply.
     *
     * @param code       a three-digit reply code (RFC 3080 §8)
     * @param diagnostic the text, possibly empty
     */
    record Error(int code, String diagnostic) implements TlsMessage {
        /** Checks the code's three digits; a null diagnostic becomes empty. */
        public Error {
            if (code < 100 || code > 999) {
                throw new IllegalArgumentException("error code must have three digits: " + code);
            }
            diagnostic = diagnostic == null ? "" : diagnostic;
        }
    }
}
