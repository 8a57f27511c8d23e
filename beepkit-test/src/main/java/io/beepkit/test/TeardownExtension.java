package io.beepkit.test;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A JUnit 5 extension that closes what a test registers with it, in reverse order of registration, each within a
 * bound, for the servers, clients, resources and sockets a test builds itself (where {@link BeepListenerExtension}
 * and {@link BeepClientExtension} do not fit, for instance when the test varies the builder per test method):
 *
 * <pre>{@code
 * @RegisterExtension
 * final TeardownExtension teardown = new TeardownExtension();
 *
 * @Test
 * void echoes() throws Exception {
 *     BeepServer server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).build()).start().get();
 *     BeepClient client = teardown.add(BeepClient.builder().build());
 *     ...
 * }
 * }</pre>
 *
 * <p>What a test registers (including in {@code @BeforeEach}) is closed after it; what is registered outside a test
 * ({@code @BeforeAll}, with the extension in a static field) is closed after all tests of the class; so register
 * from a test or a {@code @BeforeEach} method, not from a field initializer, which runs before the test starts. Every
 * registered resource is closed even when an earlier one fails; the test then fails, naming each resource whose
 * {@code close()} threw or did not return within the bound (default 30 seconds): a resource that cannot be closed
 * is a leak that later tests would inherit.
 */
public final class TeardownExtension implements BeforeEachCallback, AfterEachCallback, AfterAllCallback {
    private final Duration bound;
    private final Deque<AutoCloseable> forClass = new ArrayDeque<>();
    private final Deque<AutoCloseable> forTest = new ArrayDeque<>();
    private volatile boolean inTest;

    /** An extension that gives each {@code close()} 30 seconds (a listener's close has a grace period of 5). */
    public TeardownExtension() {
        this(Duration.ofSeconds(30));
    }

    /** An extension that gives each {@code close()} at most {@code bound}. */
    public TeardownExtension(Duration bound) {
        if (bound.isNegative() || bound.isZero()) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        this.bound = bound;
    }

    /** Registers {@code resource} to be closed at the end of the current scope, and returns it. */
    public <T extends AutoCloseable> T add(T resource) {
        Objects.requireNonNull(resource, "resource");
        synchronized (this) {
            (inTest ? forTest : forClass).push(resource);
        }
        return resource;
    }

    /**
     * Registers an action to run at the end of the current scope, for what is not {@link AutoCloseable} (a Netty
     * event loop group, a thread pool): {@code teardown.onClose(() -> group.shutdownGracefully().sync())}.
     */
    public void onClose(AutoCloseable action) {
        add(action);
    }

    /** Marks the start of a test, so that what it registers is closed after it. Called by JUnit. */
    @Override
    public void beforeEach(ExtensionContext context) {
        inTest = true;
    }

    /** Closes what the test registered. Called by JUnit. */
    @Override
    public void afterEach(ExtensionContext context) {
        inTest = false;
        closeAll(forTest);
    }

    /** Closes what was registered outside the tests. Called by JUnit. */
    @Override
    public void afterAll(ExtensionContext context) {
        closeAll(forClass);
    }

    private void closeAll(Deque<AutoCloseable> registered) {
        List<String> names = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        AutoCloseable next;
        while ((next = poll(registered)) != null) {
            Throwable failure = closeWithin(next);
            if (failure != null) {
                names.add(next + " (" + failure + ")");
                failures.add(failure);
            }
        }
        if (!failures.isEmpty()) {
            AssertionError error = new AssertionError("TeardownExtension could not close "
                    + String.join("; ", names), failures.get(0));
            failures.stream().skip(1).forEach(error::addSuppressed);
            throw error;
        }
    }

    private synchronized @Nullable AutoCloseable poll(Deque<AutoCloseable> registered) {
        return registered.poll();
    }

    /** Closes {@code resource} on a thread of its own, so a close that hangs cannot hold the test run. */
    private @Nullable Throwable closeWithin(AutoCloseable resource) {
        CompletableFuture<Void> closing = new CompletableFuture<>();
        Thread closer = new Thread(() -> {
            try {
                resource.close();
                closing.complete(null);
            } catch (Throwable t) {
                closing.completeExceptionally(t);
            }
        }, "teardown-close");
        closer.setDaemon(true);
        closer.start();
        try {
            closing.get(bound.toMillis(), TimeUnit.MILLISECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause() == null ? e : e.getCause();
        } catch (TimeoutException e) {
            closer.interrupt();
            return new TimeoutException("close() did not return within " + bound);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        }
    }
}
