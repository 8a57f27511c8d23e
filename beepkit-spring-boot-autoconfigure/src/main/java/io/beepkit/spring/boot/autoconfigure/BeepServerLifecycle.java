package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepServer;

import java.time.Duration;

/**
 * Binds the auto-configured {@link BeepServer} when the application context starts and releases it when the context
 * stops, like Spring Boot's embedded web servers: while it runs, a non-daemon thread keeps the application alive and
 * {@code local.beep.server.port} holds the bound port; at stop readiness turns to {@code REFUSING_TRAFFIC}, the
 * listener stops accepting, sessions get {@code beep.server.shutdown-timeout} (at most
 * {@code spring.lifecycle.timeout-per-shutdown-phase}) to be released gracefully, then the rest are closed. The stop
 * is asynchronous: the thread stopping the context is not blocked. A listener is bound once; after it stopped, a new
 * context builds a new one.
 */
public class BeepServerLifecycle extends ListenerLifecycle {
    /** The environment property that holds the bound port while the listener runs. */
    public static final String PORT_PROPERTY = "local.beep.server.port";

    /**
     * @param server          the listener, built but not started
     * @param shutdownTimeout how long the release of sessions may take at stop
     */
    public BeepServerLifecycle(BeepServer server, Duration shutdownTimeout) {
        super(server, shutdownTimeout, PORT_PROPERTY);
    }
}
