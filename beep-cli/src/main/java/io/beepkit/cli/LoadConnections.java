package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.ManagedSession;
import io.beepkit.netty.ReconnectPolicy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The links a {@code beep load} run sends on: per session, {@code channels} links of the main flow and one per extra
 * flow. Plain sessions ({@link LoadSessions}) by default; with {@code --reconnect}, {@link ManagedSession}s that
 * connect again when the listener goes away, with sends waiting up to the timeout for the next connection.
 */
final class LoadConnections implements AutoCloseable {
    final List<LoadLink> main = new ArrayList<>();
    final List<List<LoadLink>> extras = new ArrayList<>();
    private final List<ManagedSession> managed = new ArrayList<>();
    private final LoadSessions plain;
    private volatile boolean abandoned;

    private LoadConnections(Duration timeout, int extraFlows) {
        this.plain = new LoadSessions(timeout);
        for (int i = 0; i < extraFlows; i++) {
            extras.add(new ArrayList<>());
        }
    }

    /** Connects {@code sessions} plain sessions and starts their channels; fails as {@link LoadSessions} does. */
    static LoadConnections plain(BeepClient client, Target target, int sessions, LoadFlow flow, int channels,
                                 List<LoadFlow> extraFlows, Duration timeout) {
        LoadConnections c = new LoadConnections(timeout, extraFlows.size());
        try {
            List<BeepSession> connected = c.plain.connect(client, target, sessions);
            c.plain.startChannels(connected, flow.uri, channels).forEach(ch -> c.main.add(LoadLink.of(ch)));
            for (int f = 0; f < extraFlows.size(); f++) {
                for (BeepChannel ch : c.plain.startChannels(connected, extraFlows.get(f).uri, 1)) {
                    c.extras.get(f).add(LoadLink.of(ch));
                }
            }
            return c;
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /**
     * Starts {@code sessions} managed sessions, each with its channels declared, and waits up to {@code timeout} for
     * every one to connect a first time (retrying meanwhile); fails with the last connect failure otherwise.
     */
    static LoadConnections managed(BeepClient client, Target target, int sessions, LoadFlow flow, int channels,
                                   List<LoadFlow> extraFlows, Duration timeout) {
        LoadConnections c = new LoadConnections(timeout, extraFlows.size());
        ReconnectPolicy policy = ReconnectPolicy.builder().initialDelay(Duration.ofMillis(100))
                .maxDelay(Duration.ofSeconds(2)).awaitConnection(timeout).build();
        try {
            for (int s = 0; s < sessions; s++) {
                ManagedSession.Builder b = client.managedSession(target.host(), target.port()).policy(policy);
                for (int i = 0; i < channels; i++) {
                    b.channel(flow.uri);
                }
                extraFlows.forEach(f -> b.channel(f.uri));
                ManagedSession m = b.start();
                c.managed.add(m);
                for (int i = 0; i < channels; i++) {
                    c.main.add(LoadLink.of(m.channels().get(i)));
                }
                for (int f = 0; f < extraFlows.size(); f++) {
                    c.extras.get(f).add(LoadLink.of(m.channels().get(channels + f)));
                }
            }
            for (ManagedSession m : c.managed) {
                try {
                    m.whenConnected().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                    Throwable why = m.lastFailure().orElse(e);
                    throw Failures.connect(target, why);
                }
            }
            return c;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            c.close();
            throw new CliException(ExitCodes.INTERNAL, "interrupted connecting to " + target);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Sessions replaced after a lost connection, over every managed session (0 without {@code --reconnect}). */
    int reconnects() {
        return managed.stream().mapToInt(ManagedSession::reconnects).sum();
    }

    /** Exchanges were left outstanding: {@link #close()} ends the sessions without waiting for them. */
    void abandon() {
        abandoned = true;
        plain.abandon();
    }

    /**
     * Releases every session: managed ones stop reconnecting; all get 5 s for a graceful close, none after
     * {@link #abandon()}.
     */
    @Override
    public void close() {
        List<CompletableFuture<?>> closing = new ArrayList<>();
        managed.forEach(m -> closing.add(m.closeAsync()));
        try {
            CompletableFuture.allOf(closing.toArray(new CompletableFuture<?>[0])).get(abandoned ? 0 : 5,
                    TimeUnit.SECONDS);
        } catch (Exception e) {
            // The client's close ends whatever is left.
        }
        plain.close();
    }
}
