package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepListener;
import io.beepkit.spring.BeepProfile;
import org.springframework.beans.factory.ListableBeanFactory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where each profile URI of the auto-configured listener comes from ({@link ProfileRegistration} beans,
 * {@link BeepProfile} beans, {@link BeepListener} methods), so that a URI served twice fails start-up naming both
 * sources instead of one handler silently replacing the other. The default echo and sink profiles are not
 * application sources: an application handler may replace them.
 */
final class ProfileSources {
    private final Map<String, String> sources = new LinkedHashMap<>();

    private ProfileSources() {
    }

    /**
     * The URIs of the context's {@link ProfileRegistration} and {@link BeepProfile} beans.
     *
     * @throws IllegalStateException if two of them serve one URI
     */
    static ProfileSources of(ListableBeanFactory beans) {
        ProfileSources s = new ProfileSources();
        for (String name : beans.getBeanNamesForType(ProfileRegistration.class)) {
            s.claim(beans.getBean(name, ProfileRegistration.class).uri(), "ProfileRegistration bean '" + name + "'");
        }
        for (String name : beans.getBeanNamesForAnnotation(BeepProfile.class)) {
            BeepProfile profile = beans.findAnnotationOnBean(name, BeepProfile.class);
            if (profile != null) {
                s.claim(profile.value(), "@BeepProfile bean '" + name + "'");
            }
        }
        return s;
    }

    /**
     * Records that {@code source} serves {@code uri}.
     *
     * @throws IllegalStateException if another source serves it already, or the URI is blank
     */
    void claim(String uri, String source) {
        if (uri.isBlank()) {
            throw new IllegalStateException(source + " names a blank profile URI");
        }
        String other = sources.putIfAbsent(uri, source);
        if (other != null) {
            throw new IllegalStateException("profile " + uri + " is served twice: by " + other + " and by " + source
                    + "; give each handler its own URI");
        }
    }
}
