package io.beepkit.micrometer.observation;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.StreamingHandler;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Observes BEEP exchanges with Micrometer's Observation API, outside the engine: a decorated profile handler on the
 * listener side, a decorated channel on the initiator side. With a tracing handler in the registry (Micrometer
 * Tracing) the initiator's trace context travels in the MSG's MIME headers and the listener's span continues it.
 *
 * <pre>{@code
 * server = BeepServer.builder()
 *         .profile(URI, BeepObservations.withMdc(BeepObservations.observe(handler, observationRegistry)))
 *         .build();
 * BeepChannel channel = BeepObservations.observe(session.startChannel(URI).join(), observationRegistry);
 * }</pre>
 *
 * <p>{@link #observe(ProfileHandler, ObservationRegistry) observe} returns a {@link StreamingHandler} as it is: a
 * chunk is not an exchange. {@link #withMdc(ProfileHandler) withMdc} wraps either kind of handler.
 */
public final class BeepObservations {
    private BeepObservations() {
    }

    /** {@link #observe(ProfileHandler, ObservationRegistry, BeepServerObservationConvention)} with the default
     * convention. */
    public static ProfileHandler observe(ProfileHandler handler, ObservationRegistry registry) {
        return observe(handler, registry, null);
    }

    /**
     * The handler with each MSG observed ({@link ObservedProfileHandler}), or the handler itself when it is a
     * {@link StreamingHandler} or the registry is a no-op one.
     *
     * @param convention replaces the default convention (null for the default; a global one in the registry still
     *                   applies)
     */
    public static ProfileHandler observe(ProfileHandler handler, ObservationRegistry registry,
                                         @Nullable BeepServerObservationConvention convention) {
        if (!(handler instanceof MessageHandler whole) || registry.isNoop()
                || handler instanceof ObservedProfileHandler) {
            return handler;
        }
        return new ObservedProfileHandler(whole, registry, convention);
    }

    /** {@link #observe(BeepChannel, ObservationRegistry, BeepClientObservationConvention)} with the default
     * convention. */
    public static BeepChannel observe(BeepChannel channel, ObservationRegistry registry) {
        return observe(channel, registry, null);
    }

    /**
     * The channel with each MSG sent observed ({@link ObservedBeepChannel}), or the channel itself when the registry
     * is a no-op one.
     *
     * @param convention replaces the default convention (null for the default)
     */
    public static BeepChannel observe(BeepChannel channel, ObservationRegistry registry,
                                      @Nullable BeepClientObservationConvention convention) {
        if (registry.isNoop() || channel instanceof ObservedBeepChannel) {
            return channel;
        }
        return new ObservedBeepChannel(channel, registry, convention);
    }

    /**
     * The handler with its callbacks run under the MDC keys of {@link MdcProfileHandler}: a {@link MdcProfileHandler}
     * for a message handler, a {@link MdcStreamingHandler} for a streaming one.
     */
    public static ProfileHandler withMdc(ProfileHandler handler) {
        if (handler instanceof MdcProfileHandler || handler instanceof MdcStreamingHandler) {
            return handler;
        }
        if (handler instanceof StreamingHandler streaming) {
            return new MdcStreamingHandler(streaming);
        }
        return new MdcProfileHandler((MessageHandler) handler);
    }
}
