package io.beepkit.syslog;

import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.StreamingHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.syslog.internal.CookedCollectorHandler;
import io.beepkit.syslog.internal.RawCollectorHandler;
import io.beepkit.syslog.internal.SessionChannels;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The collector side of RFC 3195: profile handlers for RAW and COOKED that deliver every message to one
 * {@link SyslogConsumer}. Register them on a server (or a client, for a collector that connects out; the roles are
 * the collector's and the device's, whoever opened the TCP connection):
 *
 * <pre>{@code
 * SyslogCollector collector = SyslogCollector.builder().consumer(m -> store.append(m)).build();
 * BeepServer server = BeepServer.builder().bind("127.0.0.1", 601)
 *         .profiles(collector.register(new ProfileRegistry())).build();
 * }</pre>
 *
 * <p>Back-pressure and acknowledgement: the window credit of what carried a message returns to the device only once
 * the consumer's stage has completed, so the device never has more than one BEEP window of octets in flight that the
 * consumer has not acknowledged; nothing is dropped and nothing queues between the socket and the consumer.
 */
public final class SyslogCollector {
    private final boolean raw;
    private final boolean cooked;
    private final boolean legacyUris;
    private final RawCollectorHandler rawHandler;
    private final CookedCollectorHandler cookedHandler;

    private SyslogCollector(Builder b) {
        SyslogConsumer consumer = withTimestampPolicy(Objects.requireNonNull(b.consumer, "consumer"),
                b.rfc3164Timestamps);
        if (!b.raw && !b.cooked) {
            throw new IllegalArgumentException("a collector needs RAW, COOKED or both");
        }
        raw = b.raw;
        cooked = b.cooked;
        legacyUris = b.legacyUris;
        SessionChannels sessions = new SessionChannels(b.limits.maxChannels());
        rawHandler = new RawCollectorHandler(consumer, b.limits, sessions);
        cookedHandler = new CookedCollectorHandler(consumer, b.limits, b.identity, sessions);
    }

    // The handlers build messages with the default policy; another is stamped on each message on its way to the
    // consumer, so the default costs nothing.
    private static SyslogConsumer withTimestampPolicy(SyslogConsumer consumer, Rfc3164TimestampPolicy policy) {
        if (policy.equals(Rfc3164TimestampPolicy.none())) {
            return consumer;
        }
        return m -> consumer.accept(m.toBuilder().rfc3164Timestamps(policy).build());
    }

    /** A builder; a consumer is required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The handler of {@link SyslogProfiles#RAW}: its MSGs are whole. */
    public MessageHandler rawHandler() {
        return rawHandler;
    }

    /** The handler of {@link SyslogProfiles#COOKED}: its MSGs arrive in pieces, held only up to an entry's limit. */
    public StreamingHandler cookedHandler() {
        return cookedHandler;
    }

    /** The profile URIs this collector serves, COOKED first, the legacy URIs (when enabled) after the RFC's. */
    public List<String> profiles() {
        List<String> uris = new ArrayList<>(4);
        if (cooked) {
            uris.add(SyslogProfiles.COOKED);
        }
        if (raw) {
            uris.add(SyslogProfiles.RAW);
        }
        if (legacyUris && cooked) {
            uris.add(SyslogProfiles.LEGACY_COOKED);
        }
        if (legacyUris && raw) {
            uris.add(SyslogProfiles.LEGACY_RAW);
        }
        return uris;
    }

    /** Registers the enabled profiles in {@code registry} and returns it. */
    public ProfileRegistry register(ProfileRegistry registry) {
        for (String uri : profiles()) {
            registry.register(uri, handler(uri));
        }
        return registry;
    }

    /** The handler serving {@code uri}, one of {@link #profiles()}. */
    public ProfileHandler handler(String uri) {
        if (!profiles().contains(uri)) {
            throw new IllegalArgumentException("this collector does not serve '" + uri + "'");
        }
        return uri.equals(SyslogProfiles.RAW) || uri.equals(SyslogProfiles.LEGACY_RAW) ? rawHandler : cookedHandler;
    }

    /** Builds a {@link SyslogCollector}. */
    public static final class Builder {
        private @Nullable SyslogConsumer consumer;
        private SyslogLimits limits = SyslogLimits.DEFAULT;
        private @Nullable SyslogIdentity identity;
        private boolean raw = true;
        private boolean cooked = true;
        private boolean legacyUris;
        private Rfc3164TimestampPolicy rfc3164Timestamps = Rfc3164TimestampPolicy.none();

        private Builder() {
        }

        /** Where messages go (required). */
        public Builder consumer(SyslogConsumer v) {
            consumer = v;
            return this;
        }

        /** The limits per peer (default {@link SyslogLimits#DEFAULT}). */
        public Builder limits(SyslogLimits v) {
            limits = Objects.requireNonNull(v, "limits");
            return this;
        }

        /** The collector's own {@code <iam>}, piggybacked on COOKED start replies (default: none; null for none). */
        public Builder identity(@Nullable SyslogIdentity v) {
            identity = v;
            return this;
        }

        /** Whether to serve RAW (default true). */
        public Builder raw(boolean v) {
            raw = v;
            return this;
        }

        /** Whether to serve COOKED (default true). */
        public Builder cooked(boolean v) {
            cooked = v;
            return this;
        }

        /**
         * Whether to also serve {@link SyslogProfiles#LEGACY_RAW} and {@link SyslogProfiles#LEGACY_COOKED}, the
         * pre-RFC URIs rsyslog's liblogging uses (default false: only the RFC 3195 URIs, matched exactly).
         */
        public Builder legacyUris(boolean v) {
            legacyUris = v;
            return this;
        }

        /**
         * How the messages' {@link SyslogMessage#instant()} reads RFC 3164 timestamps, which name neither year nor
         * zone (default {@link Rfc3164TimestampPolicy#none()}: an RFC 3164 timestamp is ambiguous until a policy says how to read it).
         */
        public Builder rfc3164Timestamps(Rfc3164TimestampPolicy v) {
            rfc3164Timestamps = Objects.requireNonNull(v, "rfc3164Timestamps");
            return this;
        }

        /** The collector. */
        public SyslogCollector build() {
            return new SyslogCollector(this);
        }
    }
}
