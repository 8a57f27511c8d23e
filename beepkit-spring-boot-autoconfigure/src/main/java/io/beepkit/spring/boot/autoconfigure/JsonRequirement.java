package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.MimeEntity;
import io.beepkit.spring.BeepListenerMethod;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Fails start-up when a {@code @BeepListener} method takes or returns a type only a JSON converter handles while the
 * auto-configured converter has none (Jackson 3 is absent): without this, every call would get ERR 501 or 550, which
 * looks like a malformed request.
 */
final class JsonRequirement {
    static final String JACKSON_ARTIFACT = "tools.jackson.core:jackson-databind";

    private JsonRequirement() {
    }

    /**
     * @throws MissingDependencyException naming the first method that needs JSON and the artifact to add
     */
    static void check(List<BeepListenerMethod> methods) {
        for (BeepListenerMethod m : methods) {
            Class<?> payload = m.payloadType();
            if (needsJson(payload)) {
                throw missing(m, "takes a " + payload.getSimpleName());
            }
            if (needsJson(m.returnType())) {
                throw missing(m, "returns a " + m.returnType().getSimpleName());
            }
        }
    }

    private static MissingDependencyException missing(BeepListenerMethod m, String what) {
        return new MissingDependencyException(m.description() + " " + what + ", which only a JSON converter handles,"
                + " and Jackson 3 is not on the class path: add " + JACKSON_ARTIFACT + ".", JACKSON_ARTIFACT);
    }

    /** The types the byte and text converters (or the entity itself) handle, and those decided per call, do not. */
    private static boolean needsJson(@Nullable Class<?> type) {
        return type != null && type != String.class && type != byte[].class && type != Object.class
                && type != void.class && type != Void.class && !MimeEntity.class.isAssignableFrom(type)
                && !CompletionStage.class.isAssignableFrom(type);
    }
}
