package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Profile URIs and their handlers. Offered in our greeting in registration order; a start request is matched against
 * them. Thread-safe; changes affect sessions greeted afterwards.
 */
public final class ProfileRegistry {
    private final Map<String, ProfileHandler> handlers = new LinkedHashMap<>();

    /** Registers (or replaces) the handler for {@code uri}. */
    public synchronized ProfileRegistry register(String uri, ProfileHandler handler) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(handler, "handler");
        if (uri.isBlank()) {
            throw new IllegalArgumentException("profile URI must not be blank");
        }
        handlers.put(uri, handler);
        return this;
    }

    /** Removes the handler of {@code uri}; channels already open keep theirs. Returns this registry. */
    public synchronized ProfileRegistry unregister(String uri) {
        handlers.remove(uri);
        return this;
    }

    /** The handler for {@code uri}, or null when none is registered. */
    public synchronized @Nullable ProfileHandler handler(String uri) {
        return handlers.get(uri);
    }

    /** Registered URIs in registration order. */
    public synchronized List<String> uris() {
        return List.copyOf(handlers.keySet());
    }

    /** A copy, so a server's sessions are unaffected by later changes to the builder's registry. */
    public synchronized ProfileRegistry copy() {
        ProfileRegistry r = new ProfileRegistry();
        r.handlers.putAll(handlers);
        return r;
    }
}
