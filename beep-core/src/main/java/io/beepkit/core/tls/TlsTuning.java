package io.beepkit.core.tls;

import io.beepkit.core.LogText;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.StartDecision;
import io.beepkit.core.sasl.SessionSecurity;

import java.util.Optional;

/**
 * The decisions of the TLS profile (RFC 3080 §3.1) without transport: what a listener answers to a start (with
 * {@code <ready />} piggybacked or not) and to a ready sent as a MSG, and what an initiator makes of the answer. The
 * engine acts on them: after a {@code <proceed />} both peers drop every channel and run the handshake in place.
 */
public final class TlsTuning {
    private TlsTuning() {
    }

    /** The content an initiator piggybacks on its start (or sends as the channel's first MSG): {@code <ready />}. */
    public static String readyContent() {
        return TlsMessageCodec.write(TlsMessage.Ready.DEFAULT);
    }

    /**
     * A listener's answer to a TLS start. Refuses the start (550) when the session rules forbid TLS (already active,
     * or after SASL). With {@code <ready />} piggybacked it accepts with {@code <proceed />}
     * ({@link #proceeds(StartDecision)} is then true and the engine starts TLS); a malformed ready is accepted with
     * an {@code <error code='501'>} piggybacked, as in RFC 3080 §3.1.1. Without piggyback it accepts plainly and the
     * ready follows as a MSG ({@link #onMessage}).
     */
    public static StartDecision onStart(String initData, SessionSecurity security) {
        Optional<String> refusal = security.tlsStartRefusal();
        if (refusal.isPresent()) {
            return StartDecision.refuse(550, refusal.get());
        }
        if (initData == null || initData.isBlank()) {
            return StartDecision.accept();
        }
        return StartDecision.accept(TlsMessageCodec.write(answer(initData)));
    }

    /**
     * A listener's answer to a MSG on an open TLS channel: {@link TlsMessage.Proceed} (send it as RPY, then start
     * TLS) or a {@link TlsMessage.Error} (send it as ERR with its code and diagnostic).
     */
    public static TlsMessage onMessage(String body, SessionSecurity security) {
        Optional<String> refusal = security.tlsStartRefusal();
        if (refusal.isPresent()) {
            return new TlsMessage.Error(550, refusal.get());
        }
        return answer(body);
    }

    /** True if {@code decision} accepts the start with {@code <proceed />}: the engine must now start TLS. */
    public static boolean proceeds(StartDecision decision) {
        return decision.accepted() && decision.replyData() != null
                && TlsMessageCodec.write(new TlsMessage.Proceed()).equals(decision.replyData());
    }

    /**
     * An initiator reads the listener's answer (the start reply's piggyback, or the RPY/ERR body of its ready MSG):
     * {@link TlsMessage.Proceed} to start the handshake, or an {@link TlsMessage.Error} to report.
     *
     * @throws BeepProtocolException when the answer is neither (the session must then be terminated: the peers no
     *                               longer agree on whether TLS starts)
     */
    public static TlsMessage onAnswer(String content) {
        if (content == null || content.isBlank()) {
            throw new BeepProtocolException("the TLS start reply carries neither <proceed /> nor <error>");
        }
        TlsMessage m = TlsMessageCodec.parse(content);
        if (m instanceof TlsMessage.Ready) {
            throw new BeepProtocolException("the listener answered <ready> to <ready>");
        }
        return m;
    }

    private static TlsMessage answer(String content) {
        TlsMessage m;
        try {
            m = TlsMessageCodec.parse(content);
        } catch (BeepProtocolException e) {
            return new TlsMessage.Error(501, LogText.escape(e.getMessage(), 200));
        }
        if (!(m instanceof TlsMessage.Ready ready)) {
            return new TlsMessage.Error(501, "expected <ready />");
        }
        if (!ready.version().chars().allMatch(Character::isDigit)) {
            return new TlsMessage.Error(501, "version attribute poorly formed in <ready> element");
        }
        return new TlsMessage.Proceed();
    }
}
