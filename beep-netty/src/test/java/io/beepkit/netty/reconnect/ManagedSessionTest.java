package io.beepkit.netty.reconnect;

import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionUnavailableException;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.ManagedSession;
import io.beepkit.netty.ManagedSession.State;
import io.beepkit.netty.ManagedSession.StateChange;
import io.beepkit.netty.ReconnectPolicy;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ManagedSession} over real sockets on 127.0.0.1: the listener is stopped and a new one started on the same
 * port, and the managed session comes back on its own.
 */
class ManagedSessionTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String HOLD = "urn:test:hold";
    static final ReconnectPolicy FAST = ReconnectPolicy.builder().initialDelay(Duration.ofMillis(50))
            .maxDelay(Duration.ofMillis(300)).build();

    BeepClient client;
    BeepServer server;
    ManagedSession managed;
    final List<StateChange> changes = new CopyOnWriteArrayList<>();
    final AtomicInteger sessionsSeen = new AtomicInteger();

    @BeforeEach
    void startClient() {
        client = teardown.add(BeepClient.builder().build());
    }

    /** Starts a listener on {@code port} (0 for any), retrying a moment while the old one's port is released. */
    BeepServer listen(int port) throws Exception {
        for (int i = 0; ; i++) {
            BeepServer s = BeepServer.builder().bind("127.0.0.1", port)
                    .profile(HOLD, (message, responder) -> { }) // never answers
                    .onSession(x -> sessionsSeen.incrementAndGet()).build();
            try {
                s.start().get(10, TimeUnit.SECONDS);
                return teardown.add(s);
            } catch (ExecutionException e) {
                s.close();
                if (i == 50) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    ManagedSession manage(int port, ReconnectPolicy policy, String... channels) {
        ManagedSession.Builder b = client.managedSession("127.0.0.1", port).policy(policy)
                .listener(changes::add);
        for (String uri : channels) {
            b.channel(uri);
        }
        return teardown.add(b.start());
    }

    static void eventually(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 20 s: " + what);
            }
            Thread.sleep(10);
        }
    }

    static String echo(ManagedSession m, String text) throws Exception {
        return m.channel(StandardProfiles.ECHO).send(MimeEntity.of(text)).get(10, TimeUnit.SECONDS).entity().bodyText();
    }

    static Throwable failure(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(20, TimeUnit.SECONDS));
        return e.getCause();
    }

    @Test
    void reconnectsToARestartedListenerAndReopensItsChannel() throws Exception {
        server = listen(0);
        int port = server.port();
        managed = manage(port, FAST, StandardProfiles.ECHO);
        BeepSession first = managed.whenConnected().get(10, TimeUnit.SECONDS);
        assertEquals("one", echo(managed, "one"));

        server.close();
        eventually("reconnecting", () -> managed.state() == State.RECONNECTING);
        CompletableFuture<Reply> whileDown = managed.channel(StandardProfiles.ECHO).send(MimeEntity.of("lost"));
        assertTrue(whileDown.isDone(), "without an await bound a send fails at once");
        Throwable down = failure(whileDown);
        assertInstanceOf(SessionUnavailableException.class, down);
        assertTrue(down.getMessage().contains("127.0.0.1:" + port), down.getMessage());

        server = listen(port);
        BeepSession second = managed.whenConnected().get(20, TimeUnit.SECONDS);
        assertNotEquals(first, second);
        assertEquals("two", echo(managed, "two"));
        assertEquals(1, managed.reconnects());
        assertEquals(second, managed.channel(StandardProfiles.ECHO).current().orElseThrow().session());
        eventually("three state changes", () -> changes.size() >= 3);
        assertEquals(List.of(State.CONNECTED, State.RECONNECTING, State.CONNECTED),
                changes.stream().map(StateChange::current).toList());
        assertEquals(State.CONNECTING, changes.get(0).previous());
    }

    @Test
    void aSendWithAnAwaitBoundWaitsForTheNextConnection() throws Exception {
        server = listen(0);
        int port = server.port();
        managed = manage(port, FAST.toBuilder().awaitConnection(Duration.ofSeconds(30)).build(),
                StandardProfiles.ECHO);
        managed.whenConnected().get(10, TimeUnit.SECONDS);
        server.close();
        eventually("reconnecting", () -> managed.state() == State.RECONNECTING);
        CompletableFuture<Reply> waiting = managed.channel(StandardProfiles.ECHO).send(MimeEntity.of("later"));
        Thread.sleep(300);
        assertTrue(!waiting.isDone(), "completed while no listener ran: " + waiting);
        server = listen(port);
        assertEquals("later", waiting.get(20, TimeUnit.SECONDS).entity().bodyText());
    }

    @Test
    void anAwaitBoundEndsTheWaitWithTheTypedException() throws Exception {
        server = listen(0);
        int port = server.port();
        managed = manage(port, FAST.toBuilder().awaitConnection(Duration.ofMillis(300)).build(),
                StandardProfiles.ECHO);
        managed.whenConnected().get(10, TimeUnit.SECONDS);
        server.close();
        eventually("reconnecting", () -> managed.state() == State.RECONNECTING);
        long t0 = System.nanoTime();
        Throwable e = failure(managed.channel(StandardProfiles.ECHO).send(MimeEntity.of("x")));
        assertInstanceOf(SessionUnavailableException.class, e);
        assertTrue(e.getMessage().contains("within PT0.3S"), e.getMessage());
        assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(250), "did not wait for the bound");
    }

    @Test
    void anExchangeInFlightFailsWhenTheConnectionDropsAndIsNotResent() throws Exception {
        server = listen(0);
        int port = server.port();
        managed = manage(port, FAST, HOLD, StandardProfiles.ECHO);
        managed.whenConnected().get(10, TimeUnit.SECONDS);
        CompletableFuture<Reply> held = managed.channel(HOLD).send(MimeEntity.of("never answered"));
        Thread.sleep(200);
        server.close();
        Throwable e = failure(held);
        assertInstanceOf(SessionClosedException.class, e);
        assertTrue(!(e instanceof SessionUnavailableException), "it was sent: " + e);
        int before = sessionsSeen.get();
        server = listen(port);
        managed.whenConnected().get(20, TimeUnit.SECONDS);
        assertEquals("after", echo(managed, "after"));
        assertEquals(before + 1, sessionsSeen.get());
    }

    @Test
    void closeDuringBackoffStopsReconnecting() throws Exception {
        server = listen(0);
        int port = server.port();
        ReconnectPolicy slow = ReconnectPolicy.builder().initialDelay(Duration.ofMillis(400))
                .maxDelay(Duration.ofMillis(400)).build();
        managed = manage(port, slow, StandardProfiles.ECHO);
        managed.whenConnected().get(10, TimeUnit.SECONDS);
        server.close();
        eventually("reconnecting", () -> managed.state() == State.RECONNECTING);
        CompletableFuture<BeepSession> waiting = managed.whenConnected();
        Thread.sleep(100);
        managed.closeAsync().get(10, TimeUnit.SECONDS);
        assertEquals(State.CLOSED, managed.state());
        assertInstanceOf(SessionUnavailableException.class, failure(waiting));
        assertInstanceOf(SessionUnavailableException.class,
                failure(managed.channel(StandardProfiles.ECHO).send(MimeEntity.of("x"))));
        int before = sessionsSeen.get();
        server = listen(port);
        Thread.sleep(1_500); // well past the 400 ms ceiling: a live timer would have connected by now
        assertEquals(before, sessionsSeen.get(), "connected after close");
        assertNull(managed.session());
        assertEquals(State.CLOSED, changes.get(changes.size() - 1).current());
    }

    @Test
    void closeRacingAConnectLeavesNoSession() throws Exception {
        server = listen(0);
        for (int i = 0; i < 20; i++) {
            ManagedSession m = manage(server.port(), FAST, StandardProfiles.ECHO);
            if (i % 2 == 1) {
                Thread.sleep(i); // let some get further into the connect
            }
            m.closeAsync().get(10, TimeUnit.SECONDS);
            assertEquals(State.CLOSED, m.state());
        }
        eventually("no session left on the listener", () -> server.sessions().isEmpty());
        Thread.sleep(500);
        assertTrue(server.sessions().isEmpty(), "a session came up after close: " + server.sessions());
    }

    @Test
    void givesUpAfterMaxAttempts() throws Exception {
        server = listen(0);
        int port = server.port();
        server.close(); // a port nobody listens on
        server = null;
        managed = manage(port, FAST.toBuilder().maxAttempts(3).build(), StandardProfiles.ECHO);
        Throwable e = failure(managed.whenConnected());
        assertInstanceOf(SessionUnavailableException.class, e);
        eventually("closed", () -> managed.state() == State.CLOSED);
        StateChange last = changes.get(changes.size() - 1);
        assertEquals(State.CLOSED, last.current());
        assertEquals(3, last.attempts());
        assertTrue(last.cause().getMessage().contains("gave up after 3 attempts"), last.cause().getMessage());
        assertEquals(0, managed.reconnects());
        assertTrue(managed.lastFailure().isPresent());
    }

    /** Failed attempts are told one by one with when the next starts; a loss says when the first retry starts. */
    @Test
    void tellsEachFailedAttemptAndWhenTheNextStarts() throws Exception {
        server = listen(0);
        int port = server.port();
        server.close(); // a port nobody listens on, for now
        server = null;
        List<String> failed = new CopyOnWriteArrayList<>();
        managed = teardown.add(client.managedSession("127.0.0.1", port).policy(FAST).channel(StandardProfiles.ECHO)
                .listener(new ManagedSession.StateListener() {
                    @Override
                    public void stateChanged(StateChange change) {
                        changes.add(change);
                    }

                    @Override
                    public void attemptFailed(int attempts, Throwable cause, Duration retryIn) {
                        assertTrue(retryIn.compareTo(Duration.ofMillis(300)) <= 0, retryIn.toString());
                        failed.add(attempts + " " + cause.getMessage());
                    }
                }).start());
        eventually("three failed attempts", () -> failed.size() >= 3);
        assertTrue(failed.get(0).startsWith("1 cannot connect to 127.0.0.1:" + port), failed.get(0));
        assertTrue(failed.get(2).startsWith("3 "), failed.get(2));
        assertEquals(State.CONNECTING, managed.state());
        assertTrue(changes.isEmpty(), "a failed attempt is no change of state: " + changes);

        server = listen(port);
        managed.whenConnected().get(20, TimeUnit.SECONDS);
        server.close();
        eventually("reconnecting", () -> changes.size() >= 2);
        StateChange lost = changes.get(1);
        assertEquals(State.RECONNECTING, lost.current());
        assertTrue(lost.retryIn() != null && lost.retryIn().compareTo(Duration.ofMillis(300)) <= 0, lost.toString());
        assertNull(changes.get(0).retryIn());
        assertTrue(changes.get(0).session() != null && lost.session() == null, changes.toString());
    }

    @Test
    void closingTheClientClosesItsManagedSessions() throws Exception {
        server = listen(0);
        managed = manage(server.port(), FAST, StandardProfiles.ECHO);
        managed.whenConnected().get(10, TimeUnit.SECONDS);
        client.close();
        eventually("closed", () -> managed.state() == State.CLOSED);
        managed.closeAsync().get(10, TimeUnit.SECONDS);
        eventually("no session left on the listener", () -> server.sessions().isEmpty());
    }

    @Test
    void channelsAreLookedUpByProfileAndBadPortsAreRejected() {
        server = null;
        managed = manage(1, FAST, StandardProfiles.ECHO);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> managed.channel("urn:x"));
        assertTrue(e.getMessage().contains("urn:x"), e.getMessage());
        assertEquals("port must be in 1..65535: 0", assertThrows(IllegalArgumentException.class,
                () -> client.managedSession("127.0.0.1", 0)).getMessage());
        ManagedSession two = client.managedSession("127.0.0.1", 1).policy(FAST).channel("urn:a")
                .channel("urn:b").channel("urn:a").start();
        assertEquals(List.of("urn:a", "urn:b", "urn:a"), two.channels().stream().map(c -> c.profile()).toList());
        assertEquals(two.channels().get(0), two.channel("urn:a"));
        two.close();
    }
}
