package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepServer;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Binds the auto-configured {@link BeepServer} when the application context starts and releases it when the context
 * stops: sessions get {@code beep.server.shutdown-timeout} to be released gracefully, then the rest are closed and
 * the port is free. A listener is bound once; after it stopped, a new context builds a new one.
 */
public class BeepServerLifecycle implements SmartLifecycle {
    private static final Duration BIND_TIMEOUT = Duration.ofSeconds(30);
    private final BeepServer server;
    private final Duration shutdownTimeout;
    private volatile boolean running;

    /**
     * @param server          the listener, built but not started
     * @param shutdownTimeout how long the release of sessions may take at stop
     */
    public BeepServerLifecycle(BeepServer server, Duration shutdownTimeout) {
        this.server = server;
        this.shutdownTimeout = shutdownTimeout;
    }

    /** @return the listener */
    public BeepServer server() {
        return server;
    }

    @Override
    public void start() {
        try {
            server.start().get(BIND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            running = true;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the BEEP listener did not bind within " + BIND_TIMEOUT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding the BEEP listener", e);
        }
    }

    @Override
    public void stop() {
        if (running) {
            running = false;
            server.close(shutdownTimeout);
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
