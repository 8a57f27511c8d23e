package io.beepkit.spring;

import io.beepkit.api.BeepChannel;

/**
 * Wraps each channel a {@link BeepTemplate} opens, for cross-cutting concerns on the initiator's side such as
 * observations (the counterpart of {@link BeepHandlerDecorator} for the listener). Every bean of this type applies, in
 * {@code @Order}: the first wraps the channel, the next wraps that. Return the channel itself to leave it alone.
 */
@FunctionalInterface
public interface BeepChannelDecorator {
    /**
     * @param clientName the named client the template talks through ({@code beep.clients.<name>})
     * @param channel    the channel, possibly already decorated by an earlier decorator
     * @return what the template sends on instead
     */
    BeepChannel decorate(String clientName, BeepChannel channel);
}
