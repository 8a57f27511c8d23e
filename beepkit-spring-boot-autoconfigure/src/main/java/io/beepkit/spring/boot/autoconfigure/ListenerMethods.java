package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepServer;
import io.beepkit.spring.BeepListener;
import io.beepkit.spring.BeepListenerMethod;
import io.beepkit.spring.BeepListenerMethods;
import io.beepkit.spring.BeepPayloadConverter;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.Ordered;

import java.util.List;

/**
 * Adds the {@link BeepListener} methods of the context's beans ({@link BeepListenerMethods}) to the auto-configured
 * listener, decorated as every other handler. A customizer rather than a bean post-processor because the listener's
 * profiles are fixed when its builder builds. Runs before the application's customizers, which may still replace a
 * profile.
 */
final class ListenerMethods implements BeepServerCustomizer, Ordered {
    private final ListableBeanFactory beans;
    private final BeepPayloadConverter converter;
    private final boolean json;

    /** @param json whether {@code converter} handles JSON (or is the application's own, which may) */
    ListenerMethods(ListableBeanFactory beans, BeepPayloadConverter converter, boolean json) {
        this.beans = beans;
        this.converter = converter;
        this.json = json;
    }

    @Override
    public void customize(BeepServer.Builder server) {
        ProfileSources sources = ProfileSources.of(beans);
        List<BeepListenerMethod> methods = BeepListenerMethods.find(beans, converter);
        if (!json) {
            JsonRequirement.check(methods);
        }
        for (BeepListenerMethod method : methods) {
            sources.claim(method.profile(), method.description());
            server.profile(method.profile(), HandlerDecorators.decorate(method.profile(), method.handler(), beans));
        }
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
