package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The sessions and channels {@code beep load} runs on: connected all at once before the run, and every session that
 * connected released at the end (closed, then terminated if the release takes too long), even when another one
 * failed to connect or a channel failed to start.
 */
final class LoadSessions implements AutoCloseable {
    private final List<BeepSession> open = new ArrayList<>();
    private final Duration timeout;
    private volatile boolean abandoned;

    LoadSessions(Duration timeout) {
        this.timeout = timeout;
    }

    /** Connects {@code n} sessions to {@code target} at once; fails with the first connection's failure. */
    List<BeepSession> connect(BeepClient client, Target target, int n) throws CliException {
        List<CompletableFuture<BeepSession>> connecting = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            connecting.add(client.connect(target.host(), target.port()));
        }
        // Sessions that connect are released at the end even if another one fails to connect.
        for (CompletableFuture<BeepSession> f : connecting) {
            f.thenAccept(this::remember);
        }
        List<BeepSession> connected = new ArrayList<>();
        for (CompletableFuture<BeepSession> f : connecting) {
            connected.add(Failures.await(f, timeout.plusSeconds(1), "connecting to " + target,
                    t -> Failures.connect(target, t)));
        }
        connected.forEach(this::remember);
        return connected;
    }

    private void remember(BeepSession s) {
        synchronized (open) {
            if (!open.contains(s)) {
                open.add(s);
            }
        }
    }

    /** Starts {@code perSession} channels of {@code uri} on every session, all at once. */
    List<BeepChannel> startChannels(List<BeepSession> sessions, String uri, int perSession) throws CliException {
        List<CompletableFuture<BeepChannel>> starting = new ArrayList<>();
        List<BeepSession> owners = new ArrayList<>();
        for (BeepSession s : sessions) {
            for (int c = 0; c < perSession; c++) {
                starting.add(s.startChannel(uri));
                owners.add(s);
            }
        }
        List<BeepChannel> result = new ArrayList<>();
        for (int i = 0; i < starting.size(); i++) {
            BeepSession s = owners.get(i);
            result.add(Failures.await(starting.get(i), timeout, "starting a channel on " + uri,
                    t -> Failures.start(s, uri, t)));
        }
        return result;
    }

    /** Releases every session that connected: a graceful close for up to 5 s, then termination. */
    /**
     * The run gave up on exchanges still outstanding: {@link #close()} then terminates the sessions at once instead of
     * waiting for a graceful close, which would wait for those replies too.
     */
    void abandon() {
        abandoned = true;
    }

    @Override
    public void close() {
        List<BeepSession> snapshot;
        synchronized (open) {
            snapshot = List.copyOf(open);
        }
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (BeepSession s : snapshot) {
            closing.add(s.close().exceptionally(e -> null));
        }
        try {
            CompletableFuture.allOf(closing.toArray(new CompletableFuture<?>[0])).get(abandoned ? 0 : 5,
                    TimeUnit.SECONDS);
        } catch (Exception e) {
            // Fall through to terminate whatever did not release in time.
        }
        snapshot.forEach(s -> {
            if (s.isOpen()) {
                s.terminate();
            }
        });
    }
}
