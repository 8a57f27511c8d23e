package io.beepkit.netty.internal;

import io.beepkit.core.frame.FrameType;

import java.util.HashMap;
import java.util.Map;

/** One of our MSGs awaiting its reply: the reply's partial frames and where the complete parts go. */
final class PendingRequest {
    final int msgno;
    final ReplySink sink;
    final long createdNanos = System.nanoTime();
    OutboundMessage outbound;
    Assembly reply;
    Map<Long, Assembly> answers;
    long answerBytes;
    boolean acknowledged;
    /** For chunked delivery: the RPY or ERR in progress, else null. */
    FrameType chunkType;

    PendingRequest(int msgno, ReplySink sink) {
        this.msgno = msgno;
        this.sink = sink;
    }

    Map<Long, Assembly> answers() {
        if (answers == null) {
            answers = new HashMap<>();
        }
        return answers;
    }

    void release() {
        if (reply != null) {
            reply.release();
            reply = null;
        }
        if (answers != null) {
            answers.values().forEach(Assembly::release);
            answers.clear();
        }
    }
}
