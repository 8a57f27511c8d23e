package io.beepkit.micrometer.observation;

import io.beepkit.api.Reply;

/** Maps the engine's reply kinds onto the key values. */
final class ReplyKinds {
    private ReplyKinds() {
    }

    static ReplyKind of(Reply.Kind kind) {
        return switch (kind) {
            case RPY -> ReplyKind.RPY;
            case ERR -> ReplyKind.ERR;
            case ANSWERS -> ReplyKind.ANS;
        };
    }
}
