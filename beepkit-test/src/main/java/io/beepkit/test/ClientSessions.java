package io.beepkit.test;

import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.fail;

/** A {@link BeepClient} and the sessions opened through it, closed together at the end of an extension's scope. */
final class ClientSessions {
    private final BeepClient client;
    private final Duration timeout;
    private final List<BeepSession> sessions = new CopyOnWriteArrayList<>();

    ClientSessions(BeepClient client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    BeepClient client() {
        return client;
    }

    /** Connects and waits for the greetings; fails the test, naming the address and why, when that fails. */
    BeepSession open(String host, int port) {
        CompletableFuture<BeepSession> connecting = client.connect(host, port);
        try {
            BeepSession session = connecting.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            sessions.add(session);
            return session;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return fail("could not open a BEEP session to " + host + ":" + port + ": " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            connecting.thenAccept(BeepSession::terminate); // should it complete after all
            return fail("no BEEP session to " + host + ":" + port + " within " + timeout
                    + ": the listener did not accept the connection or did not send its greeting");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted while opening a BEEP session to " + host + ":" + port, e);
        }
    }

    /**
     * Asks every session still open to release (RFC 3080 2.3.1.3), waits up to the timeout, ends those still open,
     * then closes the client.
     */
    void close() {
        try {
            CompletableFuture<?>[] closing = sessions.stream().filter(BeepSession::isOpen)
                    .map(s -> s.close().exceptionally(e -> null)).toArray(CompletableFuture[]::new);
            CompletableFuture.allOf(closing).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // ended below
        } finally {
            sessions.stream().filter(BeepSession::isOpen).forEach(BeepSession::terminate);
            sessions.clear();
            client.close();
        }
    }
}
