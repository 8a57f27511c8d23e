package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import org.springframework.beans.factory.ListableBeanFactory;

import java.util.List;

/** Applies the {@link BeepHandlerDecorator} beans to every handler of the listener's registry. */
final class HandlerDecorators {
    private HandlerDecorators() {
    }

    static void apply(ProfileRegistry registry, ListableBeanFactory beans) {
        List<BeepHandlerDecorator> decorators = beans.getBeanProvider(BeepHandlerDecorator.class).orderedStream()
                .toList();
        if (decorators.isEmpty()) {
            return;
        }
        for (String uri : registry.uris()) {
            ProfileHandler handler = registry.handler(uri);
            if (handler == null) {
                continue;
            }
            for (BeepHandlerDecorator decorator : decorators) {
                ProfileHandler decorated = decorator.decorate(uri, handler);
                if (decorated == null) {
                    throw new IllegalStateException("BeepHandlerDecorator " + decorator
                            + " returned null for profile " + uri);
                }
                handler = decorated;
            }
            registry.register(uri, handler);
        }
    }
}
