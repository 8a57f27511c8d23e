package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Closing servers and clients without blocking, from any thread, and sharing {@link BeepResources}. Over real
 * sockets on 127.0.0.1.
 */
class LifecycleTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String CLOSER = "urn:test:closer";

    BeepServer server;
    BeepClient client;
    BeepResources resources;

    /** Records the thread each message arrives on, then does what the test asks, recording what it threw. */
    static final class OnMessage implements MessageHandler {
        final boolean nonBlocking;
        final AtomicReference<Runnable> action = new AtomicReference<>(() -> { });
        final CompletableFuture<Thread> thread = new CompletableFuture<>();
        final CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        volatile long actionNanos = -1;

        OnMessage(boolean nonBlocking) {
            this.nonBlocking = nonBlocking;
        }

        @Override
        public boolean nonBlocking() {
            return nonBlocking;
        }

        @Override
        public void onMessage(Message message, Responder responder) {
            thread.complete(Thread.currentThread());
            responder.reply(message.entity());
            long start = System.nanoTime();
            try {
                action.get().run();
                thrown.complete(null);
            } catch (Throwable t) {
                thrown.complete(t);
            }
            actionNanos = System.nanoTime() - start;
        }
    }

    private BeepChannel open(BeepClient c, BeepServer s, String profile) throws Exception {
        BeepSession session = c.connect("127.0.0.1", s.port()).get(10, TimeUnit.SECONDS);
        return session.startChannel(profile).get(10, TimeUnit.SECONDS);
    }

    @Test
    void closeAsyncCompletesOnceTheServersOwnEventLoopsHaveEnded() throws Exception {
        OnMessage handler = new OnMessage(true);
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).profile(CLOSER, handler).build());
        server.start().get(10, TimeUnit.SECONDS);
        client = teardown.add(BeepClient.builder().build());
        open(client, server, CLOSER).send(MimeEntity.of("x")).get(10, TimeUnit.SECONDS);
        Thread loop = handler.thread.get(10, TimeUnit.SECONDS);
        assertTrue(loop.isAlive());

        server.closeAsync(Duration.ofSeconds(1)).get(15, TimeUnit.SECONDS);
        loop.join(5_000);
        assertFalse(loop.isAlive(), "the server's event loop still runs after closeAsync completed");
        assertTrue(server.sessions().isEmpty());
    }

    @Test
    void closeOnTheServersOwnEventLoopReturnsAtOnceAndTheCloseCompletes() throws Exception {
        OnMessage handler = new OnMessage(true);
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).profile(CLOSER, handler).build());
        server.start().get(10, TimeUnit.SECONDS);
        BeepServer s = server;
        handler.action.set(s::close);
        client = teardown.add(BeepClient.builder().build());
        open(client, server, CLOSER).send(MimeEntity.of("x")).get(10, TimeUnit.SECONDS);

        assertNull(handler.thrown.get(10, TimeUnit.SECONDS), "close() on the event loop threw");
        assertTrue(handler.actionNanos < TimeUnit.SECONDS.toNanos(1), "close() on the event loop waited");
        s.closeAsync().get(15, TimeUnit.SECONDS);
    }

    @Test
    void closeInsideAnOffLoopCallbackReturnsAtOnceAndTheCloseCompletes() throws Exception {
        OnMessage handler = new OnMessage(false);
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).profile(CLOSER, handler).build());
        server.start().get(10, TimeUnit.SECONDS);
        BeepServer s = server;
        handler.action.set(s::close);
        client = teardown.add(BeepClient.builder().build());
        open(client, server, CLOSER).send(MimeEntity.of("x")).get(10, TimeUnit.SECONDS);

        assertNull(handler.thrown.get(10, TimeUnit.SECONDS), "close() in a callback threw");
        assertTrue(handler.actionNanos < TimeUnit.SECONDS.toNanos(1), "close() in a callback waited");
        s.closeAsync().get(15, TimeUnit.SECONDS);
    }

    @Test
    void clientCloseOnItsOwnEventLoopDoesNotThrow() throws Exception {
        resources = teardown.add(BeepResources.builder().ioThreads(1).build());
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).build());
        server.start().get(10, TimeUnit.SECONDS);
        BeepClient c = BeepClient.builder().resources(resources).build();
        BeepChannel channel = open(c, server, StandardProfiles.ECHO);
        CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        resources.eventLoopGroup().next().execute(() -> {
            try {
                c.close();
                thrown.complete(null);
            } catch (Throwable t) {
                thrown.complete(t);
            }
        });
        assertNull(thrown.get(10, TimeUnit.SECONDS), "client.close() on an event loop threw");
        c.closeAsync().get(10, TimeUnit.SECONDS);
        channel.session().closeFuture().get(10, TimeUnit.SECONDS);
        assertFalse(channel.session().isOpen());
    }

    @Test
    void aClientListsItsOpenSessionsAndSaysWhenItIsClosed() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).build());
        server.start().get(10, TimeUnit.SECONDS);
        client = teardown.add(BeepClient.builder().build());
        assertTrue(client.sessions().isEmpty());
        assertFalse(client.isClosed());
        BeepSession first = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
        BeepSession second = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
        assertEquals(Set.of(first, second), Set.copyOf(client.sessions()));

        first.close().get(10, TimeUnit.SECONDS);
        first.closeFuture().get(10, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (client.sessions().size() != 1 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(List.of(second), client.sessions());

        client.closeAsync().get(10, TimeUnit.SECONDS);
        assertTrue(client.isClosed());
        second.closeFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void concurrentClosesAllCompleteWithTheFirstClosesOutcome() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).build());
        server.start().get(10, TimeUnit.SECONDS);
        BeepServer s = server;
        CompletableFuture<Void> other = CompletableFuture.runAsync(s::close);
        CompletableFuture<?> first = s.closeAsync();
        CompletableFuture<?> second = s.closeAsync();
        first.get(15, TimeUnit.SECONDS);
        second.get(15, TimeUnit.SECONDS);
        other.get(15, TimeUnit.SECONDS);
        s.close(); // after close: returns at once
        assertThrows(IllegalStateException.class, s::start);
    }

    @Test
    void completingTheReturnedCloseFutureChangesNothing() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).build());
        server.start().get(10, TimeUnit.SECONDS);
        CompletableFuture<?> close = server.closeAsync(Duration.ofSeconds(1));
        close.complete(null);
        server.closeAsync().get(15, TimeUnit.SECONDS);
    }

    @Test
    void sharedResourcesOutliveTheServersAndClientsThatUseThem() throws Exception {
        resources = teardown.add(BeepResources.builder().ioThreads(2).threadNamePrefix("beep-shared-test").build());
        server = teardown.add(BeepServer.builder().resources(resources).bind("127.0.0.1", 0).build());
        server.start().get(10, TimeUnit.SECONDS);
        BeepClient a = BeepClient.builder().resources(resources).build();
        BeepClient b = BeepClient.builder().resources(resources).build();
        assertEquals("x", echo(a, server, "x"));
        assertEquals("y", echo(b, server, "y"));
        Thread loop = resources.eventLoopGroup().next().submit(Thread::currentThread).get(10, TimeUnit.SECONDS);
        assertTrue(loop.getName().startsWith("beep-shared-test"), loop.getName());

        a.close();
        b.close();
        server.close();
        assertTrue(loop.isAlive(), "closing a server or client stopped shared event loops");

        server = teardown.add(BeepServer.builder().resources(resources).bind("127.0.0.1", 0).build());
        server.start().get(10, TimeUnit.SECONDS);
        client = teardown.add(BeepClient.builder().resources(resources).build());
        assertEquals("z", echo(client, server, "z"));

        resources.closeAsync().get(15, TimeUnit.SECONDS);
        assertTrue(resources.eventLoopGroup().isTerminated(), "closeAsync completed before the loops terminated");
        // A loop thread completes the termination future as its last act, then exits.
        loop.join(5_000);
        assertFalse(loop.isAlive(), "the shared event loop thread still runs after its group terminated");
        assertThrows(IllegalStateException.class, () -> BeepServer.builder().resources(resources).build());
    }

    @Test
    void closingResourcesUnderARunningServerEndsItsSessions() throws Exception {
        resources = teardown.add(BeepResources.create());
        server = teardown.add(BeepServer.builder().resources(resources).bind("127.0.0.1", 0).build());
        server.start().get(10, TimeUnit.SECONDS);
        client = teardown.add(BeepClient.builder().build());
        BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
        resources.closeAsync().get(15, TimeUnit.SECONDS);
        session.closeFuture().get(10, TimeUnit.SECONDS);
        assertFalse(session.isOpen());
        server.closeAsync().get(15, TimeUnit.SECONDS); // still completes: nothing left to stop
    }

    @Test
    void theResourcesCallbackExecutorRunsCallbacksUnlessTheConfigurationNamesOne() throws Exception {
        CompletableFuture<String> ranOn = new CompletableFuture<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor(
                r -> new Thread(r, "app-callbacks"));
        teardown.onClose(pool::shutdown);
        resources = teardown.add(BeepResources.builder().callbackExecutor(pool).build());
        server = teardown.add(BeepServer.builder().resources(resources).bind("127.0.0.1", 0)
                .profile(CLOSER, (msg, responder) -> {
                    ranOn.complete(Thread.currentThread().getName());
                    responder.reply(msg.entity());
                }).build());
        server.start().get(10, TimeUnit.SECONDS);
        client = teardown.add(BeepClient.builder().build());
        open(client, server, CLOSER).send(MimeEntity.of("x")).get(10, TimeUnit.SECONDS);
        assertEquals("app-callbacks", ranOn.get(10, TimeUnit.SECONDS));
    }

    /**
     * The peer refuses the release while it awaits a reply (RFC 3080 §2.3.1.3); the close asks again within the grace
     * period, so the exchange under way gets its reply and the session then goes without waiting out the grace.
     */
    @Test
    void closeWithGraceLetsAnExchangeUnderWayFinish() throws Exception {
        java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0)
                .profile("urn:test:slow", (msg, responder) -> {
                    entered.countDown();
                    try {
                        Thread.sleep(1_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    responder.reply(msg.entity());
                }).build());
        server.start().get(10, TimeUnit.SECONDS);
        client = teardown.add(BeepClient.builder().build());
        BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
        BeepChannel channel = session.startChannel("urn:test:slow").get(10, TimeUnit.SECONDS);
        CompletableFuture<io.beepkit.api.Reply> reply = channel.send(MimeEntity.of("slow"));
        assertTrue(entered.await(10, TimeUnit.SECONDS));
        long start = System.nanoTime();
        CompletableFuture<Void> closed = server.closeAsync(Duration.ofSeconds(20));
        assertEquals("slow", reply.get(10, TimeUnit.SECONDS).entity().bodyText());
        closed.get(15, TimeUnit.SECONDS);
        assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(10)) < 0,
                "the close waited out the grace period although the session could be released");
        session.closeFuture().get(5, TimeUnit.SECONDS);
    }

    private static String echo(BeepClient c, BeepServer s, String text) throws Exception {
        BeepSession session = c.connect("127.0.0.1", s.port()).get(10, TimeUnit.SECONDS);
        BeepChannel channel = session.startChannel(StandardProfiles.ECHO).get(10, TimeUnit.SECONDS);
        return channel.send(MimeEntity.of(text)).get(10, TimeUnit.SECONDS).entity().bodyText();
    }
}
