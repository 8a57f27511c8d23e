package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepProfile;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * Registers the beans annotated with {@link BeepProfile}: only those are created here, by name, when the listener is
 * built. Other {@link ProfileHandler} beans are left alone (they may serve a {@link ProfileRegistration} or the
 * application's own code).
 */
final class AnnotatedHandlers {
    private AnnotatedHandlers() {
    }

    static void register(ProfileRegistry registry, ListableBeanFactory beans) {
        ProfileSources.of(beans); // fails start-up on a URI that two beans serve
        for (String name : beans.getBeanNamesForAnnotation(BeepProfile.class)) {
            BeepProfile profile = beans.findAnnotationOnBean(name, BeepProfile.class);
            Class<?> type = beans.getType(name);
            if (profile == null) {
                continue;
            }
            if (type != null && !ProfileHandler.class.isAssignableFrom(type)) {
                throw new IllegalStateException("bean '" + name + "' is annotated with @BeepProfile(\""
                        + profile.value() + "\") but is a " + type.getName() + ", not a ProfileHandler");
            }
            registry.register(profile.value(), beans.getBean(name, ProfileHandler.class));
        }
    }
}
