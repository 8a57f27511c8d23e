package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.ProfileRegistry;
import io.beepkit.spring.BeepListener;
import io.beepkit.spring.BeepListenerMethod;
import io.beepkit.spring.BeepListenerMethods;
import io.beepkit.spring.BeepPayloadConverter;
import org.springframework.beans.factory.ListableBeanFactory;

import java.util.List;

/**
 * Adds the {@link BeepListener} methods of the context's beans ({@link BeepListenerMethods}) to the profiles of the
 * auto-configured listener, beside the {@code ProfileRegistration} and {@code @BeepProfile} beans and before the
 * customizers; all are decorated together once the customizers have run.
 */
final class ListenerMethods {
    private final ListableBeanFactory beans;
    private final BeepPayloadConverter converter;
    private final boolean json;

    /** @param json whether {@code converter} handles JSON (or is the application's own, which may) */
    ListenerMethods(ListableBeanFactory beans, BeepPayloadConverter converter, boolean json) {
        this.beans = beans;
        this.converter = converter;
        this.json = json;
    }

    /** Registers every {@link BeepListener} method, failing on a profile another source serves too. */
    void register(ProfileRegistry registry) {
        ProfileSources sources = ProfileSources.of(beans);
        List<BeepListenerMethod> methods = BeepListenerMethods.find(beans, converter);
        if (!json) {
            JsonRequirement.check(methods);
        }
        for (BeepListenerMethod method : methods) {
            sources.claim(method.profile(), method.description());
            registry.register(method.profile(), method.handler());
        }
    }
}
