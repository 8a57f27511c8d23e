package io.beepkit.micrometer.observation;

/** How an observed exchange ended: the value of the {@code beep.reply} key. */
public enum ReplyKind {
    /** Not ended yet (the value while an observation is running). */
    NONE("none"),
    /** A positive reply (RPY). */
    RPY("rpy"),
    /** A negative reply (ERR). */
    ERR("err"),
    /** Answers (ANS, zero or more) ended by NUL. */
    ANS("ans"),
    /** No reply: the handler threw, or the send failed (channel or session closed, reply too large, timeout). */
    ERROR("error");

    private final String value;

    ReplyKind(String value) {
        this.value = value;
    }

    /** The key value, in lower case. */
    public String value() {
        return value;
    }
}
