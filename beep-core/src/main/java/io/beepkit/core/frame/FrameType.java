package io.beepkit.core.frame;

import java.nio.charset.StandardCharsets;

/** The six frame keywords: five data frame types of RFC 3080 §2.2.1 and SEQ of RFC 3081 §3.1.3. */
public enum FrameType {
    MSG, RPY, ERR, ANS, NUL, SEQ;

    /** {@code values()} clones its array on every call; the header parser looks a keyword up per frame. */
    private static final FrameType[] ALL = values();

    private final byte[] keyword = name().getBytes(StandardCharsets.US_ASCII);

    /** The keyword as it appears on the wire (three ASCII letters). */
    public byte[] keywordBytes() {
        return keyword.clone();
    }

    /** The keyword itself, not a copy, for the header writer in this package: never to be modified. */
    byte[] keyword() {
        return keyword;
    }

    /** True for frames that answer a MSG (RPY, ERR, ANS, NUL). */
    public boolean isReply() {
        return this == RPY || this == ERR || this == ANS || this == NUL;
    }

    /** Matches three upper-case ASCII letters exactly; returns null for anything else (lower case included). */
    static FrameType ofKeyword(int a, int b, int c) {
        for (FrameType t : ALL) {
            if (t.keyword[0] == a && t.keyword[1] == b && t.keyword[2] == c) {
                return t;
            }
        }
        return null;
    }
}
