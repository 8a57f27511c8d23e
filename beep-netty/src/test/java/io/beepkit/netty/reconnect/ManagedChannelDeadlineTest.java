package io.beepkit.netty.reconnect;

import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MessageStream;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.ReplyTimeoutException;
import io.beepkit.api.SendOptions;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.ManagedChannel;
import io.beepkit.netty.ManagedSession;
import io.beepkit.netty.ReconnectPolicy;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link ManagedChannel} honours the deadline of every send path over real sockets on 127.0.0.1: a whole reply, a
 * reply listener and a streamed MSG each fail with {@link ReplyTimeoutException} and give up the channel, the
 * client's default deadline applies when the options give none, and the deadline covers waiting for a connection.
 */
class ManagedChannelDeadlineTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String HOLD = "urn:test:hold";
    static final Duration DEADLINE = Duration.ofMillis(200);
    /** The given-up channel's MSG is never answered: the session is terminated this long after, not 30 s. */
    static final SessionConfig QUICK = SessionConfig.builder()
            .limits(SessionLimits.builder().channelRequestTimeout(Duration.ofSeconds(1)).build()).build();

    BeepClient client;
    BeepServer server;
    ManagedSession managed;

    /** A managed channel on HOLD, whose MSGs the listener never answers, connected. */
    ManagedChannel held(SessionConfig config) throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).profile(HOLD, (message, responder) -> { }).build().start()
                .get(10, TimeUnit.SECONDS));
        client = teardown.add(BeepClient.builder().session(config).build());
        managed = teardown.add(client.managedSession("127.0.0.1", server.port()).channel(HOLD).start());
        managed.whenConnected().get(10, TimeUnit.SECONDS);
        return managed.channel(HOLD);
    }

    static void missedAndGivenUp(CompletableFuture<?> f, ManagedChannel ch) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        assertInstanceOf(ReplyTimeoutException.class, e.getCause());
        ExecutionException next = assertThrows(ExecutionException.class,
                () -> ch.send(MimeEntity.of("next")).get(10, TimeUnit.SECONDS));
        assertInstanceOf(ChannelClosedException.class, next.getCause(), "the channel was given up");
    }

    @Test
    @DisplayName("a whole reply on a managed channel misses its deadline and gives up the channel")
    void wholeReplyMissesItsDeadline() throws Exception {
        ManagedChannel ch = held(QUICK);
        missedAndGivenUp(ch.send(MimeEntity.of("hold"), SendOptions.deadline(DEADLINE)), ch);
    }

    @Test
    @DisplayName("a reply listener on a managed channel misses its deadline")
    void listenerMissesItsDeadline() throws Exception {
        ManagedChannel ch = held(QUICK);
        missedAndGivenUp(ch.send(MimeEntity.of("hold"), new ReplyListener() { }, SendOptions.deadline(DEADLINE)), ch);
    }

    @Test
    @DisplayName("a streamed MSG on a managed channel misses its deadline")
    void streamMissesItsDeadline() throws Exception {
        ManagedChannel ch = held(QUICK);
        MessageStream out = ch.openMessage(MimeEntity.EMPTY_ENTITY, SendOptions.deadline(DEADLINE));
        out.write("hold".getBytes(StandardCharsets.US_ASCII));
        out.end();
        missedAndGivenUp(out.reply(), ch);
    }

    @Test
    @DisplayName("the client's default deadline applies to a managed send whose options give none")
    void clientDefaultDeadlineApplies() throws Exception {
        ManagedChannel ch = held(QUICK.toBuilder().defaultDeadline(DEADLINE).build());
        missedAndGivenUp(ch.send(MimeEntity.of("hold")), ch);
    }

    @Test
    @DisplayName("the deadline covers waiting for a connection, even when the policy would wait longer")
    void deadlineCoversWaitingForAConnection() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort(); // nothing listens there once closed
        }
        client = teardown.add(BeepClient.builder().build());
        managed = teardown.add(client.managedSession("127.0.0.1", port).channel(HOLD)
                .policy(ReconnectPolicy.builder().awaitConnection(Duration.ofSeconds(30)).build()).start());
        long t0 = System.nanoTime();
        CompletableFuture<?> f = managed.channel(HOLD).send(MimeEntity.of("x"), SendOptions.deadline(DEADLINE));
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(20, TimeUnit.SECONDS));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertInstanceOf(ReplyTimeoutException.class, e.getCause());
        assertTrue(ms >= DEADLINE.toMillis() && ms < 10_000, "failed after " + ms + " ms");
    }
}
