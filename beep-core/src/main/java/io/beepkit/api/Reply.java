package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * The complete answer to a MSG we sent: a positive reply (RPY), a negative reply (ERR), or a series of answers
 * (zero or more ANS ended by NUL, RFC 3080 §2.6.2).
 */
public final class Reply {
    /** The three reply styles. */
    public enum Kind {
        /** A positive reply. */
        RPY,
        /** A negative reply, with a code and a diagnostic. */
        ERR,
        /** ANS frames ended by NUL (one-to-many). */
        ANSWERS
    }

    private final Kind kind;
    private final MimeEntity entity;
    private final List<MimeEntity> answers;
    private final int errorCode;
    private final @Nullable String errorText;

    private Reply(Kind kind, MimeEntity entity, List<MimeEntity> answers, int errorCode,
                  @Nullable String errorText) {
        this.kind = kind;
        this.entity = entity;
        this.answers = answers;
        this.errorCode = errorCode;
        this.errorText = errorText;
    }

    /** A positive reply (RPY) carrying {@code entity}. */
    public static Reply rpy(MimeEntity entity) {
        return new Reply(Kind.RPY, entity, List.of(), 0, null);
    }

    /**
     * An ERR reply. {@code code} and {@code text} come from an {@code <error>} element in the payload when there is
     * one, otherwise code is 0 and text is the body.
     */
    public static Reply err(MimeEntity entity, int code, String text) {
        return new Reply(Kind.ERR, entity, List.of(), code, text);
    }

    /** A one-to-many reply: the answers (ANS) in arrival order, possibly none, ended by NUL. */
    public static Reply answers(List<MimeEntity> answers) {
        return new Reply(Kind.ANSWERS, MimeEntity.EMPTY_ENTITY, List.copyOf(answers), 0, null);
    }

    /** Which kind of reply this is. */
    public Kind kind() {
        return kind;
    }

    /** True for ERR. */
    public boolean isError() {
        return kind == Kind.ERR;
    }

    /** The RPY or ERR payload; empty for answers. */
    public MimeEntity entity() {
        return entity;
    }

    /** The ANS payloads in the order they completed; empty unless {@link Kind#ANSWERS}. */
    public List<MimeEntity> answers() {
        return answers;
    }

    /** The ERR code (0 if the ERR carried no {@code <error>} element). */
    public int errorCode() {
        return errorCode;
    }

    /** The ERR diagnostic (never null for ERR), or null for other kinds. */
    public @Nullable String errorText() {
        return errorText;
    }

    /** Returns this reply, or throws {@link BeepErrorException} if it is an ERR. */
    public Reply throwIfError() {
        if (isError()) {
            throw new BeepErrorException(errorCode, errorText);
        }
        return this;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case RPY -> "RPY " + entity;
            case ERR -> "ERR " + errorCode + " " + errorText;
            case ANSWERS -> "ANS x" + answers.size() + " NUL";
        };
    }
}
