package io.beepkit.micrometer.observation;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;

import java.util.function.Supplier;

import static io.beepkit.micrometer.observation.MdcProfileHandler.CHANNEL;
import static io.beepkit.micrometer.observation.MdcProfileHandler.PROFILE;
import static io.beepkit.micrometer.observation.MdcProfileHandler.SESSION;

/** Runs a handler's callback with its session, channel and profile in the MDC, restoring the previous values. */
final class MdcScope {
    private MdcScope() {
    }

    static <T> T in(BeepChannel channel, Supplier<T> call) {
        return in(channel.session(), channel.number(), channel.profile(), call);
    }

    static <T> T in(BeepSession session, int channel, String profile, Supplier<T> call) {
        @Nullable String session0 = MDC.get(SESSION);
        @Nullable String channel0 = MDC.get(CHANNEL);
        @Nullable String profile0 = MDC.get(PROFILE);
        MDC.put(SESSION, BeepExchange.address(session.remoteAddress()));
        MDC.put(CHANNEL, Integer.toString(channel));
        MDC.put(PROFILE, profile);
        try {
            return call.get();
        } finally {
            restore(SESSION, session0);
            restore(CHANNEL, channel0);
            restore(PROFILE, profile0);
        }
    }

    private static void restore(String key, @Nullable String previous) {
        if (previous == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, previous);
        }
    }
}
