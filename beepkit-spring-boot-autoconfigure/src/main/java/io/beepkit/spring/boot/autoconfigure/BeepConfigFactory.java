package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepObserver;
import io.beepkit.netty.BeepConfig;

/** Turns {@link BeepProperties} into the session settings of the listener and of the client. */
final class BeepConfigFactory {
    private BeepConfigFactory() {
    }

    /** The listener's settings: {@code beep.socket.*} and {@code beep.limits.*}. */
    static BeepConfig.Builder server(BeepProperties p, BeepObserver observer) {
        BeepProperties.Limits limits = p.getLimits();
        return BeepConfig.builder()
                .socketProfile(SocketProfiles.of(p.getSocket(), null))
                .maxMessageSize(SocketProfiles.octets(limits.getMaxMessageSize()))
                .maxChannels(limits.getMaxChannels())
                .maxOutstanding(limits.getMaxOutstanding())
                .tailWait(limits.getTailWait())
                .observer(observer);
    }

    /** The client's settings: the listener's, with the {@code beep.client.*} overrides that are set. */
    static BeepConfig.Builder client(BeepProperties p, BeepObserver observer) {
        BeepProperties.Client c = p.getClient();
        BeepConfig.Builder b = server(p, observer)
                .socketProfile(SocketProfiles.of(p.getSocket(), c.getSocketProfile()));
        if (c.getMaxMessageSize() != null) {
            b.maxMessageSize(SocketProfiles.octets(c.getMaxMessageSize()));
        }
        if (c.getMaxChannels() != null) {
            b.maxChannels(c.getMaxChannels());
        }
        if (c.getMaxOutstanding() != null) {
            b.maxOutstanding(c.getMaxOutstanding());
        }
        return b;
    }
}
