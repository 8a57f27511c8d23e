package io.beepkit.netty.reliability;

import io.beepkit.netty.BeepResources;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.api.SessionClosedException;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Application code that throws an {@link Error} or never answers cannot leave a future pending or an event loop
 * dead, with callbacks off the loop (the default) and on it ({@code directCallbacks}): an Error fails the session,
 * whose pending futures on both sides then fail with {@link SessionClosedException} within a bound; a handler that
 * never answers leaves the peer's future pending only until the session ends; other sessions keep working.
 */
class HandlerFailureTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final String THROWS = "urn:beepkit:test:throws-error";
    private static final String SILENT = "urn:beepkit:test:never-answers";
    private static final long BOUND_SECONDS = 5;

    /** An application's own Error, not an OutOfMemoryError. */
    static final class HandlerError extends Error {
        HandlerError(String message) {
            super(message);
        }
    }

    BeepServer server;
    BeepClient client;
    final BlockingQueue<BeepSession> serverSessions = new LinkedBlockingQueue<>();
    final BlockingQueue<Responder> parked = new LinkedBlockingQueue<>();

    private BeepResources resources;

    private BeepSession start(boolean direct) throws Exception {
        resources = teardown.add(BeepResources.builder().directCallbacks(direct).build());
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).resources(resources).onSession(serverSessions::add)
                .profile(THROWS, (message, responder) -> {
                    throw new HandlerError("handler failed on msgno " + message.msgno());
                })
                .profile(SILENT, (message, responder) -> parked.add(responder))
                .profile(StandardProfiles.ECHO, (message, responder) -> responder.reply(message.entity()))
                .build().start().join());
        client = teardown.add(BeepClient.builder().resources(resources).build());
        return client.connect("127.0.0.1", server.port()).get(BOUND_SECONDS, TimeUnit.SECONDS);
    }

    private static SessionClosedException assertClosedWithin(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(BOUND_SECONDS, TimeUnit.SECONDS));
        return assertInstanceOf(SessionClosedException.class, e.getCause(), () -> "failed with " + e.getCause());
    }

    private void assertAnotherSessionWorks() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(BOUND_SECONDS, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(BOUND_SECONDS, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of("still serving")).get(BOUND_SECONDS, TimeUnit.SECONDS);
        assertEquals("still serving", r.entity().bodyText());
        s.close().get(BOUND_SECONDS, TimeUnit.SECONDS);
    }

    @ParameterizedTest(name = "directCallbacks={0}")
    @ValueSource(booleans = {false, true})
    @DisplayName("a handler throwing an Error fails the session; the peer's futures fail; the listener keeps serving")
    void handlerErrorFailsTheSession(boolean direct) throws Exception {
        BeepSession session = start(direct);
        BeepSession serverSide = serverSessions.poll(BOUND_SECONDS, TimeUnit.SECONDS);
        assertNotNull(serverSide);
        BeepChannel silent = session.startChannel(SILENT).get(BOUND_SECONDS, TimeUnit.SECONDS);
        CompletableFuture<Reply> pending = silent.send(MimeEntity.of("waits"));
        assertNotNull(parked.poll(BOUND_SECONDS, TimeUnit.SECONDS));
        BeepChannel ch = session.startChannel(THROWS).get(BOUND_SECONDS, TimeUnit.SECONDS);
        CompletableFuture<Reply> reply = ch.send(MimeEntity.of("boom"));
        assertClosedWithin(reply);
        assertClosedWithin(pending);
        session.closeFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);
        serverSide.closeFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);
        Throwable cause = ((DefaultBeepSession) serverSide).closeCause().getCause();
        assertInstanceOf(HandlerError.class, cause, () -> "server session ended with " + cause);
        assertTrue(cause.getMessage().contains("msgno 0"), cause.getMessage());
        assertAnotherSessionWorks();
    }

    @ParameterizedTest(name = "directCallbacks={0}")
    @ValueSource(booleans = {false, true})
    @DisplayName("a handler that never answers leaves the peer's futures pending only until the session ends")
    void silentHandlerFuturesFailWhenTheSessionEnds(boolean direct) throws Exception {
        BeepSession session = start(direct);
        BeepSession serverSide = serverSessions.poll(BOUND_SECONDS, TimeUnit.SECONDS);
        assertNotNull(serverSide);
        BeepChannel ch = session.startChannel(SILENT).get(BOUND_SECONDS, TimeUnit.SECONDS);
        CompletableFuture<Reply> first = ch.send(MimeEntity.of("one"));
        CompletableFuture<Reply> second = ch.send(MimeEntity.of("two"));
        Responder responder = parked.poll(BOUND_SECONDS, TimeUnit.SECONDS);
        assertNotNull(responder);
        assertTrue(!first.isDone() && !second.isDone());
        server.close(); // the listener goes away with the handler's work unfinished
        assertClosedWithin(first);
        assertClosedWithin(second);
        session.closeFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);
        serverSide.closeFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);
        responder.reply(MimeEntity.of("too late")); // harmless once the session is gone
        server = null;
    }
}
