package io.beepkit.netty.reliability;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyTimeoutException;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.Responder;
import io.beepkit.api.SendOptions;
import io.beepkit.api.MessageStream;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reply deadlines over 127.0.0.1: a MSG the listener holds fails with {@link ReplyTimeoutException} once its deadline
 * passes; its channel is given up (RFC 3080 §2.2.1.1: the msgno is not reused while its reply may come; §2.6.1:
 * later replies wait behind it) and closed only once every MSG on it is answered (§2.3.1.3); a late reply is
 * dropped; a new channel works. Buffer leaks fail the class (LeakCheckExtension).
 */
class ReplyDeadlineTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final String HELD = "urn:beepkit:test:held";
    private static final Duration DEADLINE = Duration.ofMillis(200);
    /** Generous bound on how late a timer may fire on a loaded machine. */
    private static final long SLACK_MS = 3_000;

    final BlockingQueue<Responder> held = new LinkedBlockingQueue<>();
    final CountDownLatch serverChannelClosed = new CountDownLatch(1);
    BeepServer server;
    BeepClient client;

    /** A listener whose "hold" MSGs are kept unanswered until the test answers them; other MSGs are echoed. */
    void start(Duration grace) {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0)
                .profile(HELD, new MessageHandler() {
                    @Override
                    public void onMessage(io.beepkit.api.Message message, Responder responder) {
                        if (message.entity().bodyText().equals("hold")) {
                            held.add(responder);
                        } else {
                            responder.reply(message.entity());
                        }
                    }

                    @Override
                    public void onClose(BeepChannel channel) {
                        serverChannelClosed.countDown();
                    }
                }).build().start().join());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().limits(SessionLimits.builder()
                .channelRequestTimeout(grace).build()).build()).build());
    }

    BeepSession connect() throws Exception {
        return client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
    }

    static BeepChannel channel(BeepSession session) throws Exception {
        return session.startChannel(HELD).get(10, TimeUnit.SECONDS);
    }

    static void echoWorks(BeepSession session) throws Exception {
        Reply r = channel(session).send(MimeEntity.of("ping"), SendOptions.deadline(Duration.ofSeconds(10))).get(15, TimeUnit.SECONDS);
        assertEquals("ping", r.entity().bodyText());
    }

    @Test
    @DisplayName("RFC 3080 §2.6.1: a missed deadline fails with ReplyTimeoutException, gives up the channel and its "
            + "other exchanges; a new channel works; a peer that never answers is terminated after the grace")
    void missedDeadlineGivesUpChannel() throws Exception {
        start(Duration.ofMillis(1500));
        BeepSession session = connect();
        BeepChannel ch = channel(session);
        long t0 = System.nanoTime();
        CompletableFuture<Reply> timed = ch.send(MimeEntity.of("hold"), SendOptions.deadline(DEADLINE));
        CompletableFuture<Reply> behind = ch.send(MimeEntity.of("hold"));
        ExecutionException e = assertThrows(ExecutionException.class, () -> timed.get(10, TimeUnit.SECONDS));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        ReplyTimeoutException timeout = assertInstanceOf(ReplyTimeoutException.class, e.getCause());
        assertEquals("no reply to msgno 0 on channel 1 (" + HELD + ") within 200 ms", timeout.getMessage());
        assertTrue(ms >= DEADLINE.toMillis() && ms < DEADLINE.toMillis() + SLACK_MS, "failed after " + ms + " ms");

        ExecutionException other = assertThrows(ExecutionException.class, () -> behind.get(5, TimeUnit.SECONDS));
        ChannelClosedException closed = assertInstanceOf(ChannelClosedException.class, other.getCause());
        assertSame(timeout, closed.getCause());
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> ch.send(MimeEntity.of("ping")).get(5, TimeUnit.SECONDS));
        ChannelClosedException noNew = assertInstanceOf(ChannelClosedException.class, refused.getCause());
        assertTrue(noNew.getMessage().contains("takes no new MSG"), noNew.getMessage());

        echoWorks(session); // the session itself is fine: a new channel carries the next exchange
        // Neither held MSG is ever answered, so the channel can never be closed: the session ends after the grace.
        session.closeFuture().get(DEADLINE.toMillis() + 1500 + SLACK_MS, TimeUnit.MILLISECONDS);
        assertTrue(!session.isOpen());
    }

    @Test
    @DisplayName("RFC 3080 §2.2.1.1: cancelling a send gives up its channel as a missed deadline does")
    void cancelGivesUpChannel() throws Exception {
        start(Duration.ofSeconds(30));
        BeepSession session = connect();
        BeepChannel ch = channel(session);
        CompletableFuture<Reply> first = ch.send(MimeEntity.of("hold"));
        CompletableFuture<Reply> behind = ch.send(MimeEntity.of("hold"));
        assertNotNull(held.poll(10, TimeUnit.SECONDS)); // the MSG reached the listener
        assertTrue(first.cancel(true));
        ExecutionException other = assertThrows(ExecutionException.class, () -> behind.get(5, TimeUnit.SECONDS));
        ChannelClosedException closed = assertInstanceOf(ChannelClosedException.class, other.getCause());
        assertTrue(closed.getMessage().contains("msgno 0 on channel 1 was cancelled"), closed.getMessage());
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> ch.send(MimeEntity.of("ping")).get(5, TimeUnit.SECONDS));
        assertInstanceOf(ChannelClosedException.class, refused.getCause());
        assertThrows(CancellationException.class, first::join);
        echoWorks(session);
        assertTrue(session.isOpen());
    }

    @Test
    @DisplayName("RFC 3080 §2.3.1.3: late replies to a given-up channel are read and dropped, then the channel is "
            + "closed and the session stays")
    void lateRepliesAreDroppedThenChannelCloses() throws Exception {
        start(Duration.ofSeconds(30));
        BeepSession session = connect();
        BeepChannel ch = channel(session);
        CompletableFuture<Reply> timed = ch.send(MimeEntity.of("hold"), SendOptions.deadline(DEADLINE));
        CompletableFuture<Reply> behind = ch.send(MimeEntity.of("hold"));
        Responder late = held.poll(10, TimeUnit.SECONDS);
        Responder later = held.poll(10, TimeUnit.SECONDS);
        assertNotNull(late);
        assertNotNull(later);
        ExecutionException e = assertThrows(ExecutionException.class, () -> timed.get(10, TimeUnit.SECONDS));
        assertInstanceOf(ReplyTimeoutException.class, e.getCause());
        assertThrows(ExecutionException.class, () -> behind.get(5, TimeUnit.SECONDS));
        assertTrue(ch.isOpen(), "closed before the late replies arrived");

        byte[] big = new byte[200_000]; // many frames: assembled and dropped, its buffers released
        Arrays.fill(big, (byte) 'x');
        late.reply(MimeEntity.of(big));
        later.refuse(550, "too late");
        assertTrue(serverChannelClosed.await(10, TimeUnit.SECONDS), "the channel was not closed");
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ch.isOpen() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertTrue(!ch.isOpen());
        assertTrue(session.isOpen());
        echoWorks(session);
    }

    @Test
    @DisplayName("RFC 3080 §2.6.1: a reply within its deadline completes normally and leaves the channel usable "
            + "after the deadline would have passed")
    void replyInTimeKeepsChannel() throws Exception {
        start(Duration.ofSeconds(30));
        BeepSession session = connect();
        BeepChannel ch = channel(session);
        byte[] body = "in time".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Reply r = ch.send(MimeEntity.of(body), SendOptions.deadline(Duration.ofMillis(500))).get(10, TimeUnit.SECONDS);
        assertArrayEquals(body, r.entity().body());
        Thread.sleep(1000); // past the deadline: its timer must be gone with the reply
        assertEquals("again", ch.send(MimeEntity.of("again")).get(10, TimeUnit.SECONDS).entity().bodyText());
        assertTrue(ch.isOpen());
    }

    @Test
    @DisplayName("RFC 3080 §2.6.1: SessionConfig.defaultDeadline is the deadline of every send that gives none")
    void sessionDefaultDeadlineAppliesToWholeReplies() throws Exception {
        start(Duration.ofSeconds(30));
        client.close();
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().defaultDeadline(DEADLINE).build()).build());
        BeepSession session = connect();
        BeepChannel ch = channel(session);
        assertEquals("quick", ch.send(MimeEntity.of("quick")).get(10, TimeUnit.SECONDS).entity().bodyText());
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> ch.send(MimeEntity.of("hold")).get(10, TimeUnit.SECONDS));
        assertInstanceOf(ReplyTimeoutException.class, e.getCause());
        assertTrue(session.isOpen());
    }

    @Test
    @DisplayName("a deadline must be positive")
    void deadlineMustBePositive() throws Exception {
        start(Duration.ofSeconds(30));
        BeepChannel ch = channel(connect());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ch.send(MimeEntity.of("x"), SendOptions.deadline(Duration.ZERO)));
        assertTrue(e.getMessage().contains("PT0S"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> SessionConfig.builder().defaultDeadline(Duration.ofMillis(-1)).build());
    }

    /** Asserts that {@code f} fails with a ReplyTimeoutException and that {@code ch} takes no new MSG afterwards. */
    static void missedAndGivenUp(CompletableFuture<?> f, BeepChannel ch) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        assertInstanceOf(ReplyTimeoutException.class, e.getCause());
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> ch.send(MimeEntity.of("ping")).get(5, TimeUnit.SECONDS));
        assertInstanceOf(ChannelClosedException.class, refused.getCause());
    }

    @Test
    @DisplayName("RFC 3080 §2.6.1: a reply streamed to a listener misses its deadline as a whole reply does")
    void listenerSendMissesItsDeadline() throws Exception {
        start(Duration.ofSeconds(30));
        BeepSession session = connect();
        BeepChannel ch = channel(session);
        long t0 = System.nanoTime();
        CompletableFuture<Void> f = ch.send(MimeEntity.of("hold"), new ReplyListener() { },
                SendOptions.deadline(DEADLINE));
        missedAndGivenUp(f, ch);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms >= DEADLINE.toMillis(), "failed after " + ms + " ms");
        echoWorks(session);
    }

    @Test
    @DisplayName("RFC 3080 §2.6.1: a streamed MSG's deadline counts from openMessage and gives up the channel")
    void streamedSendMissesItsDeadline() throws Exception {
        start(Duration.ofSeconds(30));
        BeepSession session = connect();
        BeepChannel ch = channel(session);
        MessageStream out = ch.openMessage(MimeEntity.EMPTY_ENTITY, SendOptions.deadline(DEADLINE));
        out.write("hold".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).get(5, TimeUnit.SECONDS);
        out.end();
        missedAndGivenUp(out.reply(), ch);
        echoWorks(session);
    }

    @Test
    @DisplayName("RFC 3080 §2.6.1: the session's default deadline applies to listener sends and streamed sends")
    void sessionDefaultDeadlineAppliesToListenersAndStreams() throws Exception {
        start(Duration.ofSeconds(30));
        client.close();
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().defaultDeadline(DEADLINE).build()).build());
        BeepSession session = connect();
        BeepChannel listened = channel(session);
        missedAndGivenUp(listened.send(MimeEntity.of("hold"), new ReplyListener() { }), listened);
        BeepChannel streamed = channel(session);
        MessageStream out = streamed.openMessage(MimeEntity.EMPTY_ENTITY, new ReplyListener() { });
        out.write("hold".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.end();
        missedAndGivenUp(out.reply(), streamed);
        assertTrue(session.isOpen());
    }

    @Test
    @DisplayName("a streamed MSG answered within its deadline completes and keeps its channel")
    void streamedReplyInTimeKeepsChannel() throws Exception {
        start(Duration.ofSeconds(30));
        BeepChannel ch = channel(connect());
        MessageStream out = ch.openMessage(MimeEntity.EMPTY_ENTITY, SendOptions.deadline(Duration.ofMillis(500)));
        out.write("fast".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.end();
        assertEquals("fast", out.reply().get(10, TimeUnit.SECONDS).entity().bodyText());
        Thread.sleep(1000); // past the deadline: its timer must be gone with the reply
        assertEquals("again", ch.send(MimeEntity.of("again")).get(10, TimeUnit.SECONDS).entity().bodyText());
    }
}
