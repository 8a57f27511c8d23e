package io.beepkit.spring;

import io.beepkit.api.ProfileHandler;

/**
 * Wraps each handler the auto-configured listener serves (the {@link BeepProfile} beans, the
 * {@code ProfileRegistration} beans, the {@link BeepListener} methods, the default profiles and the profiles an
 * application's {@code BeepServerCustomizer} adds to the builder), for cross-cutting concerns such as observations or
 * logging context. Every bean of this type applies, in {@code @Order}: the first wraps the handler, the
 * next wraps that. Return the handler itself to leave it alone.
 */
@FunctionalInterface
public interface BeepHandlerDecorator {
    /**
     * @param uri     the profile URI the handler serves
     * @param handler the handler, possibly already decorated by an earlier decorator
     * @return what serves the profile instead
     */
    ProfileHandler decorate(String uri, ProfileHandler handler);
}
