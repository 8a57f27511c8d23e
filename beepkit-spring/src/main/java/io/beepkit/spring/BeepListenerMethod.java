package io.beepkit.spring;

import io.beepkit.api.MessageHandler;

/**
 * One {@link BeepListener} method found by {@link BeepListenerMethods}: the profile it serves, the handler that calls
 * it, and how messages name it ({@code @BeepListener method Orders.place of bean 'orders'}).
 */
public final class BeepListenerMethod {
    private final String profile;
    private final String description;
    private final MessageHandler handler;

    BeepListenerMethod(String profile, String description, MessageHandler handler) {
        this.profile = profile;
        this.description = description;
        this.handler = handler;
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

    @Override
    public String toString() {
        return description + " serving " + profile;
    }
}
