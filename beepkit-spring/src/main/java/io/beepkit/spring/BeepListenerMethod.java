package io.beepkit.spring;

import io.beepkit.api.MessageHandler;
import org.jspecify.annotations.Nullable;

/**
 * One {@link BeepListener} method found by {@link BeepListenerMethods}: the profile it serves, the handler that calls
 * it, and how messages name it ({@code @BeepListener method Orders.place of bean 'orders'}).
 */
public final class BeepListenerMethod {
    private final String profile;
    private final String description;
    private final ListenerMethodHandler handler;
    private final Class<?> returnType;

    BeepListenerMethod(String profile, String description, ListenerMethodHandler handler, Class<?> returnType) {
        this.profile = profile;
        this.description = description;
        this.handler = handler;
        this.returnType = returnType;
    }

    /** @return the profile URI the method serves */
    public String profile() {
        return profile;
    }

    /** @return the method, its class and its bean, as start-up failures name it */
    public String description() {
        return description;
    }

    /** @return the handler to register for {@link #profile()} on a listener */
    public MessageHandler handler() {
        return handler;
    }

    /** @return the class of the payload the method takes, or null when it takes none */
    public @Nullable Class<?> payloadType() {
        return handler.payloadType();
    }

    /** @return the class the method returns ({@code void}, a {@code CompletionStage}, or what becomes the RPY) */
    public Class<?> returnType() {
        return returnType;
    }

    @Override
    public String toString() {
        return description + " serving " + profile;
    }
}
