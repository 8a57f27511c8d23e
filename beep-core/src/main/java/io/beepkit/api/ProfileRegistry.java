package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Profile URIs and their handlers. Offered in our greeting in registration order; a start request is matched against
 * them. Thread-safe; changes affect sessions greeted afterwards.
 *
 * <p>Lookups take no lock: every event loop looks a handler up for each start request, and a lock shared by all of
 * them made each wait whenever the thread holding it was descheduled (tens of milliseconds on a loaded machine).
 * Changes replace an immutable snapshot.
 */
public final class ProfileRegistry {
    private volatile Map<String, ProfileHandler> handlers = Collections.unmodifiableMap(new LinkedHashMap<>());

    /**
     * Registers (or replaces) the handler for {@code uri}: a {@link MessageHandler} or a {@link StreamingHandler}.
     */
    public synchronized ProfileRegistry register(String uri, ProfileHandler handler) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(handler, "handler");
        if (uri.isBlank()) {
            throw new IllegalArgumentException("profile URI must not be blank");
        }
        Map<String, ProfileHandler> next = new LinkedHashMap<>(handlers);
        next.put(uri, handler);
        handlers = Collections.unmodifiableMap(next);
        return this;
    }

    /**
     * Registers (or replaces) a {@link MessageHandler} for {@code uri}; the overload that lets a lambda
     * {@code (message, responder) -> ...} stand for the handler.
     */
    public ProfileRegistry register(String uri, MessageHandler handler) {
        return register(uri, (ProfileHandler) handler);
    }

    /** Removes the handler of {@code uri}; channels already open keep theirs. Returns this registry. */
    public synchronized ProfileRegistry unregister(String uri) {
        if (handlers.containsKey(uri)) {
            Map<String, ProfileHandler> next = new LinkedHashMap<>(handlers);
            next.remove(uri);
            handlers = Collections.unmodifiableMap(next);
        }
        return this;
    }

    /** The handler for {@code uri}, or null when none is registered. */
    public @Nullable ProfileHandler handler(String uri) {
        return handlers.get(uri);
    }

    /** Registered URIs in registration order. */
    public List<String> uris() {
        return List.copyOf(handlers.keySet());
    }

    /** A copy, so a server's sessions are unaffected by later changes to the builder's registry. */
    public ProfileRegistry copy() {
        ProfileRegistry r = new ProfileRegistry();
        r.handlers = handlers; // immutable: shared until either registry changes
        return r;
    }
}
