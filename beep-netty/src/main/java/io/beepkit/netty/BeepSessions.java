package io.beepkit.netty;

import io.beepkit.api.BeepSession;
import io.beepkit.netty.internal.session.DefaultBeepSession;

/** Netty-specific views of a {@link BeepSession}. */
public final class BeepSessions {
    private BeepSessions() {
    }

    /** The socket options the kernel reports for the session's connection. */
    public static EffectiveSocketOptions socketOptions(BeepSession session) {
        if (session instanceof DefaultBeepSession h) {
            return h.socketOptions();
        }
        throw new IllegalArgumentException("not a session of this library: " + session);
    }
}
