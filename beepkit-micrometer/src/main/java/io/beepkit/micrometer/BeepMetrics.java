package io.beepkit.micrometer;

import io.beepkit.netty.SessionConfig;
import io.beepkit.api.BeepObserver;
import io.beepkit.api.MessageType;
import io.beepkit.api.ProtocolErrorKind;
import io.beepkit.api.SessionOutcome;
import io.beepkit.api.SessionRole;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records the events of beepkit sessions as Micrometer meters. Give it to {@code SessionConfig.Builder.observer} of a
 * server or client (one instance may serve several):
 *
 * <pre>{@code
 * BeepMetrics metrics = new BeepMetrics(registry);
 * BeepServer server = BeepServer.builder()
 *         .config(SessionConfig.builder().observer(metrics).build())
 *         .build();
 * }</pre>
 *
 * <p>Meters are tagged with {@code role} (initiator or listener: our side of the session) and, per channel,
 * {@code profile} (the profile URI), plus {@code type}, {@code outcome} or {@code kind} where named below; never a peer
 * address. Profile URIs come from the profiles registered locally; past {@value #MAX_PROFILES} distinct URIs the rest
 * share the tag value {@value #OTHER_PROFILE}, so the number of series stays bounded whatever peers do. Meters of a
 * profile are created at its first event and then looked up without allocation.
 */
public final class BeepMetrics implements BeepObserver {
    /** Gauge: sessions open now. Tag: role. */
    public static final String SESSIONS_OPEN = "beep.sessions.open";
    /** Counter: sessions begun (TCP connected). Tag: role. */
    public static final String SESSIONS_OPENED = "beep.sessions.opened";
    /** Counter: sessions ended. Tags: role, outcome. */
    public static final String SESSIONS_CLOSED = "beep.sessions.closed";
    /** Counter: sessions terminated because the peer broke the protocol. Tags: role, kind. */
    public static final String PROTOCOL_ERRORS = "beep.protocol.errors";
    /** Gauge: channels open now. Tags: profile, role. */
    public static final String CHANNELS_OPEN = "beep.channels.open";
    /** Counter: channels started. Tags: profile, role. */
    public static final String CHANNELS_OPENED = "beep.channels.opened";
    /** Counter: messages sent. Tags: profile, role, type. */
    public static final String MESSAGES_SENT = "beep.messages.sent";
    /** Counter: messages received. Tags: profile, role, type. */
    public static final String MESSAGES_RECEIVED = "beep.messages.received";
    /** Counter (bytes): payload octets sent, MIME headers included. Tags: profile, role. */
    public static final String PAYLOAD_SENT = "beep.payload.sent";
    /** Counter (bytes): payload octets received, MIME headers included. Tags: profile, role. */
    public static final String PAYLOAD_RECEIVED = "beep.payload.received";
    /** Distribution summary: frames per message sent. Tags: profile, role. */
    public static final String FRAMES_PER_MESSAGE_SENT = "beep.message.frames.sent";
    /** Distribution summary: frames per message received. Tags: profile, role. */
    public static final String FRAMES_PER_MESSAGE_RECEIVED = "beep.message.frames.received";
    /** Counter: tiny fragments sent. Tags: profile, role. */
    public static final String TINY_FRAGMENTS_SENT = "beep.fragments.tiny.sent";
    /** Counter: tiny fragments received. Tags: profile, role. */
    public static final String TINY_FRAGMENTS_RECEIVED = "beep.fragments.tiny.received";
    /** Counter: SEQ frames sent. Tags: profile, role. */
    public static final String SEQ_SENT = "beep.seq.sent";
    /** Counter: SEQ frames received. Tags: profile, role. */
    public static final String SEQ_RECEIVED = "beep.seq.received";
    /** Timer: time a channel with data to send waited for the peer's window. Tags: profile, role. */
    public static final String WINDOW_STALLS = "beep.window.stalls";
    /**
     * Timer: from a MSG queued to its complete reply. Tags: profile, role. No percentiles or histogram are forced:
     * the registry's {@code MeterFilter}s decide (in Spring Boot, {@code management.metrics.distribution.*}).
     */
    public static final String ROUND_TRIP = "beep.request.roundtrip";

    /** The most distinct profile tag values; later profiles share {@value #OTHER_PROFILE}. */
    public static final int MAX_PROFILES = 64;
    /** The profile tag value past {@value #MAX_PROFILES} distinct profiles. */
    public static final String OTHER_PROFILE = "other";

    private final MeterRegistry registry;
    private final Tags commonTags;
    private final SessionMeters[] sessions = new SessionMeters[SessionRole.values().length];
    @SuppressWarnings("unchecked")
    private final Map<String, ProfileMeters>[] profiles = new Map[SessionRole.values().length];

    /**
     * Meters in {@code registry}, without extra tags.
     *
     * @param registry where the meters are registered
     */
    public BeepMetrics(MeterRegistry registry) {
        this(registry, Tags.empty());
    }

    /**
     * Meters in {@code registry}, each also carrying {@code commonTags} (for example the name of a listener when a
     * service runs several).
     *
     * @param registry   where the meters are registered
     * @param commonTags tags added to every meter
     */
    public BeepMetrics(MeterRegistry registry, Iterable<io.micrometer.core.instrument.Tag> commonTags) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.commonTags = Tags.of(commonTags);
        for (SessionRole role : SessionRole.values()) {
            sessions[role.ordinal()] = new SessionMeters(registry, this.commonTags.and("role", roleTag(role)));
            profiles[role.ordinal()] = new ConcurrentHashMap<>();
        }
    }

    /** The registry the meters live in. */
    public MeterRegistry registry() {
        return registry;
    }

    @Override
    public void sessionOpened(SessionRole role) {
        SessionMeters m = sessions[role.ordinal()];
        m.open.incrementAndGet();
        m.opened.increment();
    }

    @Override
    public void sessionClosed(SessionRole role, SessionOutcome outcome) {
        SessionMeters m = sessions[role.ordinal()];
        m.open.decrementAndGet();
        m.closed.get(outcome).increment();
    }

    @Override
    public void protocolError(SessionRole role, ProtocolErrorKind kind) {
        sessions[role.ordinal()].errors.get(kind).increment();
    }

    @Override
    public void channelOpened(String profile, SessionRole role) {
        ProfileMeters m = meters(profile, role);
        m.channelsOpen.incrementAndGet();
        m.channelsOpened.increment();
    }

    @Override
    public void channelClosed(String profile, SessionRole role) {
        meters(profile, role).channelsOpen.decrementAndGet();
    }

    @Override
    public void messageSent(String profile, SessionRole role, MessageType type, long octets, int frames) {
        ProfileMeters m = meters(profile, role);
        m.messagesSent[type.ordinal()].increment();
        m.payloadSent.increment(octets);
        m.framesSent.record(frames);
    }

    @Override
    public void messageReceived(String profile, SessionRole role, MessageType type, long octets, int frames) {
        ProfileMeters m = meters(profile, role);
        m.messagesReceived[type.ordinal()].increment();
        m.payloadReceived.increment(octets);
        m.framesReceived.record(frames);
    }

    @Override
    public void tinyFragmentSent(String profile, SessionRole role, int octets) {
        meters(profile, role).tinySent.increment();
    }

    @Override
    public void tinyFragmentReceived(String profile, SessionRole role, int octets) {
        meters(profile, role).tinyReceived.increment();
    }

    @Override
    public void seqSent(String profile, SessionRole role) {
        meters(profile, role).seqSent.increment();
    }

    @Override
    public void seqReceived(String profile, SessionRole role) {
        meters(profile, role).seqReceived.increment();
    }

    @Override
    public void windowStall(String profile, SessionRole role, long nanos) {
        meters(profile, role).windowStalls.record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    @Override
    public void roundTrip(String profile, SessionRole role, long nanos) {
        meters(profile, role).roundTrip.record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** The meters of one profile and role: a map lookup once they exist, created on the first event. */
    private ProfileMeters meters(String profile, SessionRole role) {
        Map<String, ProfileMeters> byProfile = profiles[role.ordinal()];
        ProfileMeters m = byProfile.get(profile);
        if (m != null) {
            return m;
        }
        synchronized (byProfile) {
            m = byProfile.get(profile);
            if (m == null) {
                // Past the cap the map stops growing: further profiles share one entry (looked up here each time).
                String key = byProfile.size() < MAX_PROFILES ? profile : OTHER_PROFILE;
                m = byProfile.get(key);
                if (m == null) {
                    m = new ProfileMeters(registry, commonTags.and("profile", key, "role", roleTag(role)));
                    byProfile.put(key, m);
                }
            }
            return m;
        }
    }

    static String roleTag(SessionRole role) {
        return role == SessionRole.INITIATOR ? "initiator" : "listener";
    }

    /** Session-level meters of one role. */
    private static final class SessionMeters {
        final AtomicLong open = new AtomicLong();
        final Counter opened;
        final Map<SessionOutcome, Counter> closed = new EnumMap<>(SessionOutcome.class);
        final Map<ProtocolErrorKind, Counter> errors = new EnumMap<>(ProtocolErrorKind.class);

        SessionMeters(MeterRegistry registry, Tags tags) {
            Gauge.builder(SESSIONS_OPEN, open, AtomicLong::get).tags(tags).description("BEEP sessions open")
                    .register(registry);
            opened = Counter.builder(SESSIONS_OPENED).tags(tags).description("BEEP sessions begun").register(registry);
            for (SessionOutcome o : SessionOutcome.values()) {
                closed.put(o, Counter.builder(SESSIONS_CLOSED).tags(tags).tag("outcome", o.tag())
                        .description("BEEP sessions ended, by outcome").register(registry));
            }
            for (ProtocolErrorKind k : ProtocolErrorKind.values()) {
                errors.put(k, Counter.builder(PROTOCOL_ERRORS).tags(tags).tag("kind", k.tag())
                        .description("BEEP sessions terminated for a protocol violation, by kind").register(registry));
            }
        }
    }
}
