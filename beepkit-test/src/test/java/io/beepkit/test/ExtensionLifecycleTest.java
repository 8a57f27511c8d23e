package io.beepkit.test;

import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.Events;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the extensions open and close around the tests of a class: example classes run through JUnit's test kit
 * ({@link Examples}), then the test looks at what they saw.
 */
class ExtensionLifecycleTest {
    /** The listeners and sessions the example tests saw, in the order they ran. */
    static final List<BeepServer> SERVERS = new CopyOnWriteArrayList<>();
    static final List<BeepSession> SESSIONS = new CopyOnWriteArrayList<>();
    static volatile int closedPort;

    static Events run(Class<?> example) {
        SERVERS.clear();
        SESSIONS.clear();
        return Examples.run(example).testEvents();
    }

    @Test
    void aStaticListenerServesTheWholeClassThenClosesWithItsSessions() throws Exception {
        run(StaticListener.class).assertStatistics(s -> s.started(2).succeeded(2));
        assertEquals(2, SERVERS.size());
        assertSame(SERVERS.get(0), SERVERS.get(1), "one listener for the class");
        assertClosed(SERVERS.get(0));
    }

    @Test
    void anInstanceListenerServesOneTestThenCloses() throws Exception {
        run(InstanceListener.class).assertStatistics(s -> s.started(2).succeeded(2));
        assertEquals(2, SERVERS.size());
        assertNotSame(SERVERS.get(0), SERVERS.get(1), "one listener per test");
        assertClosed(SERVERS.get(0));
        assertClosed(SERVERS.get(1));
    }

    @Test
    void aSessionThatCannotOpenFailsTheTestNamingTheAddress() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        Events events = run(UnreachableTarget.class);
        events.assertStatistics(s -> s.started(1).failed(1));
        Throwable failure = events.failed().stream().findFirst().orElseThrow()
                .getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class).getThrowable().orElseThrow();
        assertTrue(failure.getMessage().startsWith("could not open a BEEP session to 127.0.0.1:" + closedPort + ": "),
                failure.getMessage());
    }

    @Test
    void aClientWithoutTargetSaysHowToGiveOne() {
        Events events = run(NoTarget.class);
        events.assertStatistics(s -> s.started(1).failed(1));
        Throwable failure = events.failed().stream().findFirst().orElseThrow()
                .getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class).getThrowable().orElseThrow();
        assertEquals(IllegalStateException.class, failure.getClass());
        assertTrue(failure.getMessage().contains("builder().target(host, port)"), failure.getMessage());
    }

    @Test
    void usedOutsideATestItSaysItIsNotRunning() {
        BeepListenerExtension listener = BeepListenerExtension.builder().build();
        IllegalStateException e = assertThrows(IllegalStateException.class, listener::port);
        assertTrue(e.getMessage().startsWith("BeepListenerExtension is not running, so it has no server: register it"
                + " with @RegisterExtension"), e.getMessage());
    }

    /** The listener no longer accepts connections, and every session it had has ended. */
    static void assertClosed(BeepServer server) throws Exception {
        assertTrue(server.sessions().isEmpty(), server.sessions().toString());
        for (BeepSession session : SESSIONS) {
            session.closeFuture().get(20, TimeUnit.SECONDS);
        }
        assertThrows(IOException.class, () -> new Socket(InetAddress.getLoopbackAddress(), server.port()).close(),
                "nothing listens on " + server.port() + " any more");
    }

    @ExtendWith(Examples.class)
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class StaticListener {
        @RegisterExtension
        static BeepListenerExtension listener = BeepListenerExtension.builder().build();

        @Test
        @Order(1)
        void first() throws Exception {
            SERVERS.add(listener.server());
            BeepSession session = listener.openSession();
            SESSIONS.add(session);
            assertEquals("one", Exchanges.echo(session, "one"));
        }

        @Test
        @Order(2)
        void second() throws Exception {
            SERVERS.add(listener.server());
            assertTrue(SESSIONS.get(0).isOpen(), "the class's sessions stay open until the class ends");
            assertEquals("two", Exchanges.echo(SESSIONS.get(0), "two"));
        }
    }

    @ExtendWith(Examples.class)
    static class InstanceListener {
        @RegisterExtension
        BeepListenerExtension listener = BeepListenerExtension.builder().build();

        @Test
        void first() throws Exception {
            exchange();
        }

        @Test
        void second() throws Exception {
            exchange();
        }

        void exchange() throws Exception {
            SERVERS.add(listener.server());
            BeepSession session = listener.openSession();
            SESSIONS.add(session);
            assertEquals("mine", Exchanges.echo(session, "mine"));
        }
    }

    @ExtendWith(Examples.class)
    static class UnreachableTarget {
        @RegisterExtension
        BeepClientExtension client = BeepClientExtension.builder().target("127.0.0.1", () -> closedPort).build();

        @Test
        void connects() {
            client.session();
        }
    }

    @ExtendWith(Examples.class)
    static class NoTarget {
        @RegisterExtension
        BeepClientExtension client = BeepClientExtension.builder().build();

        @Test
        void connects() {
            client.session();
        }
    }
}
