package io.beepkit.micrometer.observation;

import io.beepkit.api.MimeEntity;

import java.util.Map;

/** Copies an entity with the headers a tracing handler injected; entities are immutable. */
final class TraceHeaders {
    private TraceHeaders() {
    }

    /**
     * {@code entity} itself when nothing was injected (tracing off), else a copy whose headers of the injected names
     * are replaced by the injected values; the body is shared, not copied.
     */
    static MimeEntity with(MimeEntity entity, Map<String, String> injected) {
        if (injected.isEmpty()) {
            return entity;
        }
        MimeEntity.Builder copy = MimeEntity.builder().body(entity.body());
        for (Map.Entry<String, String> h : entity.headers()) {
            if (!injectedName(h.getKey(), injected)) {
                copy.header(h.getKey(), h.getValue());
            }
        }
        injected.forEach(copy::header);
        return copy.build();
    }

    private static boolean injectedName(String name, Map<String, String> injected) {
        for (String key : injected.keySet()) {
            if (key.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }
}
