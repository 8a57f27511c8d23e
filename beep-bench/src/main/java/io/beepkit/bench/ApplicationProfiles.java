package io.beepkit.bench;

import io.beepkit.netty.SessionConfig;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepServer;

/**
 * Echo and sink as an application would write them, under the ready-made profiles' URIs: plain handlers that run
 * where application code runs (off the event loop unless {@code SessionConfig.directCallbacks}) and receive each MSG
 * assembled. The ready-made profiles run on the event loop ({@code ProfileHandler.nonBlocking()}) and the listener's
 * sink drops frames without assembling them, so benchmarks that measure the application's hand-offs and copies
 * register these instead.
 */
final class ApplicationProfiles {
    private ApplicationProfiles() {
    }

    /** Registers the application echo and sink on {@code builder}. */
    static BeepServer.Builder register(BeepServer.Builder builder) {
        return builder.profile(StandardProfiles.ECHO, (m, r) -> r.reply(m.entity()))
                .profile(StandardProfiles.SINK, (m, r) -> r.reply(MimeEntity.EMPTY_ENTITY));
    }
}
