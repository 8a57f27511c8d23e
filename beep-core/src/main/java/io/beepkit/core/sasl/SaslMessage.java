package io.beepkit.core.sasl;

import java.util.Arrays;
import java.util.Objects;

/** A message of the SASL profiles (RFC 3080 §7.3): a {@code <blob>} either way, or an {@code <error>} from the server. */
public sealed interface SaslMessage {

    /** The {@code status} attribute of a blob (RFC 3080 §4.1.3). */
    enum Status {
        /** Either peer, otherwise (the default when the attribute is absent). */
        CONTINUE,
        /** The server: the exchange completed successfully. */
        COMPLETE,
        /** The client: it gives up the exchange. */
        ABORT
    }

    /**
     * {@code <blob>}: a status and arbitrary octets (base64 on the wire).
     *
     * @param status the status
     * @param data   the decoded octets, empty when the blob is empty
     */
    record Blob(Status status, byte[] data) implements SaslMessage {
        /** Copies the data; null data becomes empty. */
        public Blob {
            Objects.requireNonNull(status, "status");
            data = data == null ? new byte[0] : data.clone();
        }

        /** A continue blob carrying {@code data}. */
        public static Blob of(byte[] data) {
            return new Blob(Status.CONTINUE, data);
        }

        /** The decoded octets (a copy). */
        @Override
        public byte[] data() {
            return data.clone();
        }

        /** Compares status and content. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Blob b && b.status == status && Arrays.equals(b.data, data);
        }

        /** Hashes status and content. */
        @Override
        public int hashCode() {
            return 31 * status.hashCode() + Arrays.hashCode(data);
        }

        /** Names the status and length only: blobs may carry credentials. */
        @Override
        public String toString() {
            return "Blob[" + status + ", " + data.length + " octets]";
        }
    }

    /**
     * {@code <error>}: the server refuses (535 on failed authentication), as an ERR reply or piggybacked.
     *
     * @param code       a three-digit reply code
     * @param diagnostic the text, possibly empty
     */
    record Error(int code, String diagnostic) implements SaslMessage {
        /** Checks the code; a null diagnostic becomes empty. */
        public Error {
            if (code < 100 || code > 999) {
                throw new IllegalArgumentException("error code must have three digits: " + code);
            }
            diagnostic = diagnostic == null ? "" : diagnostic;
        }
    }
}
