package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepServer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.context.LifecycleProperties;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts and stops one {@link BeepServer} with the application context, as Spring Boot does with its embedded web
 * servers: a non-daemon thread keeps the JVM alive while the listener runs (every thread of the library is a
 * daemon); the bound port is published to the environment; at stop readiness turns to
 * {@link ReadinessState#REFUSING_TRAFFIC}, the listener stops accepting, open sessions are asked to release and get
 * the shutdown timeout (at most the context's time per shutdown phase) before the rest are closed, all without
 * blocking the thread that stops the context. {@link BeepServerLifecycle} runs the BEEP listener this way, and
 * {@code beepkit-spring-boot-syslog} the syslog collector's.
 */
public abstract class ListenerLifecycle implements SmartLifecycle, DisposableBean {
    /** Stopped before (and started after) the beans of the default phase, as Boot's web servers are. */
    static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 2048;
    private static final Logger log = LoggerFactory.getLogger(ListenerLifecycle.class);
    private static final Duration BIND_TIMEOUT = Duration.ofSeconds(30);
    private static final String PORTS_SOURCE = "beep.ports";

    private final BeepServer server;
    private final Duration shutdownTimeout;
    private final String portProperty;
    private @Nullable ConfigurableEnvironment environment;
    private @Nullable ApplicationEventPublisher events;
    private @Nullable Duration phaseTimeout;
    private volatile boolean running;
    private volatile @Nullable CountDownLatch keepAlive;

    /**
     * @param server          the listener, built but not started
     * @param shutdownTimeout how long the release of sessions may take at stop
     * @param portProperty    the environment property that holds the bound port while the listener runs
     */
    protected ListenerLifecycle(BeepServer server, Duration shutdownTimeout, String portProperty) {
        this.server = server;
        this.shutdownTimeout = shutdownTimeout;
        this.portProperty = portProperty;
    }

    /**
     * Where the bound port is published and readiness is announced; without it neither happens, and the shutdown
     * timeout is not bounded by {@code spring.lifecycle.timeout-per-shutdown-phase}.
     *
     * @param environment the context's environment, which gets the port property and bounds the shutdown timeout
     * @param events      where the {@link ReadinessState#REFUSING_TRAFFIC} change is published at stop
     */
    public void attach(ConfigurableEnvironment environment, ApplicationEventPublisher events) {
        this.environment = environment;
        this.events = events;
        this.phaseTimeout = Binder.get(environment).bindOrCreate("spring.lifecycle", LifecycleProperties.class)
                .getTimeoutPerShutdownPhase();
    }

    /** @return the listener */
    public BeepServer server() {
        return server;
    }

    @Override
    public void start() {
        try {
            server.start().get(BIND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the BEEP listener did not bind within " + BIND_TIMEOUT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding the BEEP listener", e);
        }
        publishPort(server.port());
        startKeepAlive();
        running = true;
    }

    @Override
    public void stop(Runnable callback) {
        if (!running) {
            callback.run();
            return;
        }
        running = false;
        if (events != null) {
            AvailabilityChangeEvent.publish(events, this, ReadinessState.REFUSING_TRAFFIC);
        }
        Duration grace = grace();
        int port = server.port();
        log.info("BEEP listener on port {} stopping: {} sessions get {} to be released", port,
                server.sessions().size(), grace);
        long started = System.nanoTime();
        server.closeAsync(grace).whenComplete((ignored, failure) -> {
            if (failure != null) {
                log.warn("BEEP listener on port {} did not stop cleanly: {}", port, failure.toString());
            } else {
                log.info("BEEP listener on port {} stopped in {} ms", port,
                        Duration.ofNanos(System.nanoTime() - started).toMillis());
            }
            releaseKeepAlive();
            callback.run();
        });
    }

    @Override
    public void stop() {
        CountDownLatch done = new CountDownLatch(1);
        stop(done::countDown);
        try {
            done.await(grace().plusSeconds(10).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }

    /** A context whose refresh failed destroys its beans without stopping them: the listener goes at once. */
    @Override
    public void destroy() {
        if (running) {
            running = false;
            server.closeAsync(Duration.ZERO);
        }
        releaseKeepAlive();
    }

    /** The shutdown timeout, clipped to the context's time per shutdown phase, which would cut it short anyway. */
    Duration grace() {
        if (phaseTimeout != null && phaseTimeout.compareTo(shutdownTimeout) < 0) {
            return phaseTimeout;
        }
        return shutdownTimeout;
    }

    private void publishPort(int port) {
        if (environment == null) {
            return;
        }
        PropertySource<?> existing = environment.getPropertySources().get(PORTS_SOURCE);
        Map<String, Object> ports;
        if (existing instanceof MapPropertySource map) {
            ports = map.getSource();
        } else {
            ports = new HashMap<>();
            environment.getPropertySources().addFirst(new MapPropertySource(PORTS_SOURCE, ports));
        }
        ports.put(portProperty, port);
    }

    /** A non-daemon thread that lives until the listener stopped, so the JVM does not exit under it. */
    private void startKeepAlive() {
        CountDownLatch latch = new CountDownLatch(1);
        keepAlive = latch;
        Thread thread = new Thread(() -> {
            try {
                latch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "beep-listener-" + server.port());
        thread.setDaemon(false);
        thread.start();
    }

    private void releaseKeepAlive() {
        CountDownLatch latch = keepAlive;
        if (latch != null) {
            latch.countDown();
        }
    }
}
