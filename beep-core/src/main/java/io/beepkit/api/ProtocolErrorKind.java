package io.beepkit.api;

import org.jspecify.annotations.Nullable;

/** Which kind of rule a peer broke when its session was terminated, as reported to a {@link BeepObserver}. */
public enum ProtocolErrorKind {
    /** A malformed frame: header grammar, trailer, octets outside the grammar (RFC 3080 §2.2). */
    FRAME_SYNTAX,
    /** A frame larger than we accept, or more MSGs awaiting replies than allowed. */
    LIMIT,
    /** A frame beyond the advertised window, or a SEQ acknowledging what was never sent (RFC 3081 §3.1). */
    WINDOW,
    /** A sequence number out of order, or a message's frames not continued as they began (RFC 3080 §2.2.1.1). */
    SEQUENCE,
    /** A frame or SEQ for a channel that is not open. */
    UNKNOWN_CHANNEL,
    /** A reply to no MSG of ours, a reused msgno, or a one-to-many reply not ended by NUL. */
    REPLY,
    /** Channel 0: the greeting, malformed or forbidden management XML, an unexpected management reply. */
    MANAGEMENT,
    /** Any other violation. */
    OTHER;

    /**
     * The kind of a {@link BeepProtocolException} from the words of its message: the library's messages name the
     * rule they enforce.
     *
     * @param message the exception's message, possibly null
     * @return the kind, {@link #OTHER} when no rule is recognised
     */
    public static ProtocolErrorKind classify(@Nullable String message) {
        if (message == null) {
            return OTHER;
        }
        if (message.contains("overruns the window") || message.startsWith("SEQ acknowledges")) {
            return WINDOW;
        }
        if (message.contains("which is not open")) {
            return UNKNOWN_CHANNEL;
        }
        if (message.contains("exceeds the limit") || message.contains("peer has more than")) {
            return LIMIT;
        }
        if (message.contains("frame header") || message.contains("frame trailer") || message.contains("CRLF")
                || message.contains("bare LF")) {
            return FRAME_SYNTAX;
        }
        if (message.contains("channel-0") || message.contains("channel 0") || message.contains("greeting")
                || message.contains("profile") || message.contains("attribute") || message.startsWith("<")
                || message.startsWith("unexpected <") || message.startsWith("reply to the")) {
            return MANAGEMENT;
        }
        if (message.contains("seqno") || message.contains("continuation")
                || message.contains("interleaves")) {
            return SEQUENCE;
        }
        if (message.contains("msgno")) {
            return REPLY;
        }
        return OTHER;
    }

    /** The tag value, in lower case: {@code frame_syntax}, {@code window}... */
    public String tag() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
