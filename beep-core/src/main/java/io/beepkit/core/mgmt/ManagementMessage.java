package io.beepkit.core.mgmt;

import java.util.List;
import java.util.Objects;

/** The channel-0 elements of RFC 3080 §2.3.1: what peers exchange to start and close channels and sessions. */
public sealed interface ManagementMessage {

    /** {@code <greeting>} (§2.3.1.1): the profiles a peer offers, plus its features and localize attributes. */
    record Greeting(List<String> profiles, String features, String localize) implements ManagementMessage {
        public Greeting {
            profiles = List.copyOf(profiles);
            localize = localize == null || localize.isEmpty() ? "i-default" : localize;
        }
    }

    /**
     * A {@code <profile>} element: in a start, one of the offered profiles with optional init data; in a start reply,
     * the chosen profile with optional data. {@code content} is already decoded when {@code encoding='base64'}.
     */
    record Profile(String uri, String content, boolean base64) implements ManagementMessage {
        public Profile {
            Objects.requireNonNull(uri, "uri");
        }

        public Profile(String uri) {
            this(uri, null, false);
        }
    }

    /** {@code <start>} (§2.3.1.2). {@code serverName} may be null. */
    record Start(int number, String serverName, List<Profile> profiles) implements ManagementMessage {
        public Start {
            profiles = List.copyOf(profiles);
        }
    }

    /** {@code <close>} (§2.3.1.3); number 0 releases the session. */
    record Close(int number, int code, String diagnostic) implements ManagementMessage {
    }

    /** {@code <ok/>}. */
    record Ok() implements ManagementMessage {
    }

    /** {@code <error>} (§2.3.1.4): a three-digit code and an optional diagnostic. */
    record Error(int code, String diagnostic) implements ManagementMessage {
        public Error {
            if (code < 100 || code > 999) {
                throw new IllegalArgumentException("error code must have three digits: " + code);
            }
            diagnostic = diagnostic == null ? "" : diagnostic;
        }
    }
}
