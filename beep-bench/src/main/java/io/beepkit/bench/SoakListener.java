package io.beepkit.bench;

import io.beepkit.bench.attack.ChildListener;
import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.BeepServer;

import java.util.List;
import java.util.Locale;

/**
 * The listener of a soak run: a {@link BeepServer} in the run's own JVM, or {@code beep serve} in a child JVM, so that
 * listener and clients each hold one descriptor per session (10 000 sessions need 20 000 descriptors in one process,
 * more than a 20 000 {@code ulimit -n} allows).
 */
final class SoakListener implements AutoCloseable {
    private final BeepServer server;
    private final ChildListener child;

    private SoakListener(BeepServer server, ChildListener child) {
        this.server = server;
        this.child = child;
    }

    /** A listener in this JVM, which it shares with the clients: it may hold half of the heap for its peers. */
    static SoakListener inProcess(int sessions) {
        ListenerLimits limits = ListenerLimits.builder().maxSessions(sessions + 100)
                .maxSessionsPerAddress(sessions + 100).memoryBudget(Runtime.getRuntime().maxMemory() / 2).build();
        return new SoakListener(BeepServer.builder().bind("127.0.0.1", 0).limits(limits).build().start().join(), null);
    }

    /** {@code beep serve} from {@code jar} in a child JVM with {@code heap} and a listener budget of {@code budget}. */
    static SoakListener child(String jar, String heap, String budget, int sessions) throws Exception {
        String limit = Integer.toString(sessions + 100);
        return new SoakListener(null, new ChildListener(jar, List.of("-Xmx" + heap), List.of("--port", "0",
                "--max-sessions", limit, "--max-sessions-per-address", limit, "--listener-memory-budget", budget,
                "--stats-interval", "1s", "--log-level", "warn")));
    }

    int port() {
        return server != null ? server.port() : child.port();
    }

    /** One line of the listener's figures (for a child: also its heap, threads and descriptors). */
    String figures() {
        if (server != null) {
            return String.format(Locale.ROOT, "listener: %d sessions, held for peers %.1f MB of %.1f MB, refusing %s, "
                            + "shed %d", server.sessions().size(), server.memoryHeld() / 1e6,
                    server.limits().memoryBudget() / 1e6, server.refusingSessions(), server.sessionsShed());
        }
        ChildListener.Stats s = child.stats();
        if (s == null) {
            return "listener: no figures yet";
        }
        return String.format(Locale.ROOT, "listener (pid %d, %s): %d sessions, held for peers %.1f MB of %.1f MB, "
                        + "refusing %s, shed %d, heap %d MB (after last GC %d MB, max %d MB), threads %d (Java %d), "
                        + "fds %d", child.pid(), child.alive() ? "up" : "DOWN", s.sessions(), s.held() / 1e6,
                s.budget() / 1e6, s.refusing() ? "yes" : "no", s.shed(), s.heapUsedMiB(), s.afterGcMiB(), s.maxMiB(),
                child.threads(), s.javaThreads(), child.descriptors());
    }

    /** For a child: a full collection, so the next figures show live data; nothing in process (the run's GC does). */
    void collectGarbage() throws Exception {
        if (child != null) {
            child.collectGarbage();
            Thread.sleep(2_200); // the next stats line
        }
    }

    @Override
    public void close() throws Exception {
        if (server != null) {
            server.close();
        } else {
            child.close();
        }
    }
}
