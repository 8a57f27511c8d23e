package io.beepkit.core.channel;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;

import java.util.HashSet;
import java.util.Set;

/**
 * Checks the frame-continuation rules of RFC 3080 §2.2.1.1 for one channel and direction: until a message's final
 * frame, the next frame continues the same keyword and msgno; only ANS frames of the same msgno with different
 * ansnos may interleave; NUL may come only after every ANS of the series completed. Violations throw
 * {@link BeepProtocolException} (terminate the session).
 */
public final class InboundContinuity {
    private FrameType openType;
    private int openMsgno = -1;
    /** The ansnos of answers in progress; null until the first answer of several frames (most channels have none). */
    private Set<Long> openAnsnos;
    private int ansMsgno = -1;

    /** Validates {@code h} (a data frame, not SEQ) against what is in progress, then records it. */
    public void accept(FrameHeader h) {
        FrameType t = h.type();
        if (openType != null) {
            if (t != openType || h.msgno() != openMsgno) {
                throw new BeepProtocolException("channel " + h.channel() + ": expected the continuation of " + openType
                        + " " + openMsgno + " but got " + h);
            }
            if (!h.more()) {
                openType = null;
                openMsgno = -1;
            }
            return;
        }
        if (answersOpen()) {
            if (t == FrameType.NUL && h.msgno() == ansMsgno) {
                throw new BeepProtocolException("channel " + h.channel() + ": NUL for msgno " + h.msgno()
                        + " while answers " + openAnsnos + " are incomplete");
            }
            if (t != FrameType.ANS || h.msgno() != ansMsgno) {
                throw new BeepProtocolException("channel " + h.channel() + ": " + h
                        + " interleaves with incomplete answers " + openAnsnos + " to msgno " + ansMsgno);
            }
        }
        if (t == FrameType.ANS) {
            ansMsgno = h.msgno();
            if (h.more()) {
                if (openAnsnos == null) {
                    openAnsnos = new HashSet<>();
                }
                openAnsnos.add(h.ansno());
            } else if (openAnsnos != null) {
                openAnsnos.remove(h.ansno());
            }
            return;
        }
        if (h.more()) {
            openType = t;
            openMsgno = h.msgno();
        }
    }

    /** True if some message is partially received. */
    public boolean inProgress() {
        return openType != null || answersOpen();
    }

    private boolean answersOpen() {
        return openAnsnos != null && !openAnsnos.isEmpty();
    }
}
