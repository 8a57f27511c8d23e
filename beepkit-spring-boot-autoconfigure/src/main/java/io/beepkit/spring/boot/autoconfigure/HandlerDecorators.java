package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepHandlerDecorator;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import org.springframework.beans.factory.ListableBeanFactory;

import java.util.List;

/** Applies the {@link BeepHandlerDecorator} beans to the handlers the auto-configured listener serves. */
final class HandlerDecorators {
    private HandlerDecorators() {
    }

    /** Decorates every handler of {@code registry} in place. */
    static void apply(ProfileRegistry registry, ListableBeanFactory beans) {
        List<BeepHandlerDecorator> decorators = decorators(beans);
        if (decorators.isEmpty()) {
            return;
        }
        for (String uri : registry.uris()) {
            ProfileHandler handler = registry.handler(uri);
            if (handler != null) {
                registry.register(uri, decorate(uri, handler, decorators));
            }
        }
    }

    private static List<BeepHandlerDecorator> decorators(ListableBeanFactory beans) {
        return beans.getBeanProvider(BeepHandlerDecorator.class).orderedStream().toList();
    }

    private static ProfileHandler decorate(String uri, ProfileHandler handler, List<BeepHandlerDecorator> decorators) {
        for (BeepHandlerDecorator decorator : decorators) {
            ProfileHandler decorated = decorator.decorate(uri, handler);
            if (decorated == null) {
                throw new IllegalStateException("BeepHandlerDecorator " + decorator
                        + " returned null for profile " + uri);
            }
            handler = decorated;
        }
        return handler;
    }
}
