package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.test.TeardownExtension;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where application callbacks run, over real loopback sockets: with {@link BeepResources#directCallbacks()} profile
 * handlers, reply listeners and reply futures run on the session's event loop (Netty's {@link FastThreadLocalThread}s
 * named after the server's or client's group), and pipelined echoes and answer streams still work; by default handlers
 * and listeners never run on an event loop, only on the library's callback threads, while reply futures complete on
 * the client's event loop unless {@link BeepResources.Builder#replyFuturesOnEventLoop} is off.
 */
class DirectCallbacksTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String ANSWERS = "urn:test:answers";
    /** Replies only when the test releases them (see {@link #heldReplies}). */
    static final String HELD = "urn:test:held";
    static final int ANSWER_COUNT = 500;
    static final int ANSWER_SIZE = 8 * 1024;

    BeepServer server;
    BeepClient client;
    /** Threads the server's handlers ran on. */
    final Set<String> serverThreads = ConcurrentHashMap.newKeySet();
    final Set<Boolean> serverThreadIsLoop = ConcurrentHashMap.newKeySet();
    /** Messages on {@link #HELD} with their responders, waiting for the test to reply. */
    final BlockingQueue<Runnable> heldReplies = new LinkedBlockingQueue<>();

    private BeepResources resources;
    private BeepResources clientResources;

    private static boolean onEventLoop(String prefix) {
        Thread t = Thread.currentThread();
        return t instanceof FastThreadLocalThread && t.getName().startsWith(prefix);
    }

    private void noteServerThread() {
        serverThreads.add(Thread.currentThread().getName());
        serverThreadIsLoop.add(onEventLoop("beep-server-"));
    }

    /**
     * Sends {@code count} messages on {@code ch} (a {@link #HELD} channel), each reply released only once a dependent
     * action is attached to its future: the future then completes on whichever thread completes replies, never on
     * the test thread because the reply happened to come first. Returns the threads the actions ran on.
     */
    private List<String> futureThreads(BeepChannel ch, int count, String loopPrefix) throws Exception {
        List<String> threads = new CopyOnWriteArrayList<>();
        for (int i = 0; i < count; i++) {
            CompletableFuture<Void> done = ch.send(MimeEntity.of("f" + i)).thenRun(() -> threads.add(
                    Thread.currentThread().getName() + (onEventLoop(loopPrefix) ? " (loop)" : "")
                            + (Thread.currentThread() instanceof FastThreadLocalThread ? " (fast)" : "")));
            Runnable reply = heldReplies.poll(10, TimeUnit.SECONDS);
            assertTrue(reply != null, "message " + i + " did not reach the listener");
            reply.run();
            done.get(10, TimeUnit.SECONDS);
        }
        return threads;
    }

    private BeepChannel connect(boolean direct, String profile) throws Exception {
        return connect(direct, true, profile);
    }

    private BeepChannel connect(boolean direct, boolean repliesOnLoop, String profile) throws Exception {
        resources = teardown.add(BeepResources.builder().directCallbacks(direct).threadNamePrefix("beep-server").build());
        clientResources = teardown.add(BeepResources.builder().directCallbacks(direct)
                .replyFuturesOnEventLoop(repliesOnLoop).threadNamePrefix("beep-client").build());
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).resources(resources)
                .profile(StandardProfiles.ECHO, (m, r) -> {
                    noteServerThread();
                    r.reply(m.entity());
                })
                .profile(HELD, (m, r) -> heldReplies.add(() -> r.reply(m.entity())))
                .profile(ANSWERS, (m, r) -> {
                    noteServerThread();
                    for (int i = 0; i < ANSWER_COUNT; i++) {
                        r.answer(MimeEntity.of(answer(i)));
                    }
                    r.endAnswers();
                })
                .build().start().join());
        client = teardown.add(BeepClient.builder().resources(clientResources).build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        return s.startChannel(profile).get(5, TimeUnit.SECONDS);
    }

    /** Answer {@code i}: its number, then a pattern, {@link #ANSWER_SIZE} octets in all. */
    private static byte[] answer(int i) {
        ByteBuffer b = ByteBuffer.allocate(ANSWER_SIZE).putInt(i);
        while (b.hasRemaining()) {
            b.put((byte) (b.position() + i));
        }
        return b.array();
    }

    /** A listener that notes whether each callback ran on an event loop, and checks each answer. */
    private static final class Recorder implements ReplyListener {
        final String loopPrefix;
        final List<Boolean> onLoop = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();
        final List<Long> ansnos = new CopyOnWriteArrayList<>();
        final List<String> problems = new CopyOnWriteArrayList<>();
        final CompletableFuture<MimeEntity> reply = new CompletableFuture<>();
        final CompletableFuture<Void> answersDone = new CompletableFuture<>();

        Recorder(String loopPrefix) {
            this.loopPrefix = loopPrefix;
        }

        private void note() {
            onLoop.add(onEventLoop(loopPrefix));
            threads.add(Thread.currentThread().getName());
        }

        @Override
        public void onReply(MimeEntity entity) {
            note();
            reply.complete(entity);
        }

        @Override
        public void onAnswer(long ansno, MimeEntity answer) {
            note();
            ansnos.add(ansno);
            if (!Arrays.equals(answer((int) ansno), answer.body())) {
                problems.add("answer " + ansno + " has the wrong octets");
            }
        }

        @Override
        public void onAnswersComplete() {
            note();
            answersDone.complete(null);
        }

        @Override
        public void onError(int code, String diagnostic, MimeEntity entity) {
            problems.add("ERR " + code + " " + diagnostic);
        }
    }

    @Test
    @DisplayName("direct: the handler, the reply listener and the reply future run on event-loop threads")
    void directCallbacksRunOnTheEventLoop() throws Exception {
        BeepChannel ch = connect(true, StandardProfiles.ECHO);
        Recorder listener = new Recorder("beep-client-");
        ch.send(MimeEntity.of("via listener"), listener).get(5, TimeUnit.SECONDS);
        assertEquals("via listener", listener.reply.get(5, TimeUnit.SECONDS).bodyText());
        assertEquals(List.of(true), listener.onLoop, "listener ran on " + listener.threads);

        assertEquals(Set.of(true), serverThreadIsLoop, "server handler ran on " + serverThreads);

        BeepChannel held = ch.session().startChannel(HELD).get(5, TimeUnit.SECONDS);
        List<String> futureThreads = futureThreads(held, 20, "beep-client-");
        assertEquals(20, futureThreads.size(), futureThreads.toString());
        assertTrue(futureThreads.stream().allMatch(n -> n.startsWith("beep-client-") && n.contains(" (loop)")),
                "reply futures completed on " + futureThreads);
    }

    @Test
    @DisplayName("direct: 1000 echoes with 32 in flight all come back, in order, completed on the event loop")
    void directEchoOfAThousandWith32InFlight() throws Exception {
        BeepChannel ch = connect(true, StandardProfiles.ECHO);
        int messages = 1000;
        Semaphore window = new Semaphore(32);
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger mostInFlight = new AtomicInteger();
        AtomicInteger offLoop = new AtomicInteger();
        Thread test = Thread.currentThread();
        String[] bodies = new String[messages];
        List<CompletableFuture<Void>> done = new ArrayList<>(messages);
        for (int i = 0; i < messages; i++) {
            assertTrue(window.tryAcquire(10, TimeUnit.SECONDS), "no reply for 10 s at message " + i);
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            int n = i;
            done.add(ch.send(MimeEntity.of("echo " + i)).thenAccept(r -> {
                bodies[n] = r.entity().bodyText();
                if (Thread.currentThread() != test && !onEventLoop("beep-client-")) {
                    offLoop.incrementAndGet();
                }
                inFlight.decrementAndGet();
                window.release();
            }));
        }
        CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        for (int i = 0; i < messages; i++) {
            assertEquals("echo " + i, bodies[i]);
        }
        assertEquals(0, offLoop.get(), "completions off the event loop");
        assertTrue(mostInFlight.get() <= 32, "in flight: " + mostInFlight);
        assertEquals(Set.of(true), serverThreadIsLoop, "server handler ran on " + serverThreads);
    }

    @Test
    @DisplayName("direct: 500 answers of 8 KiB (4 MiB) stream through the windows, in order, on the event loop")
    void directAnswerStream() throws Exception {
        BeepChannel ch = connect(true, ANSWERS);
        Recorder listener = new Recorder("beep-client-");
        ch.send(MimeEntity.of("go"), listener).get(20, TimeUnit.SECONDS);
        listener.answersDone.get(5, TimeUnit.SECONDS);
        assertEquals(List.of(), listener.problems);
        List<Long> expected = new ArrayList<>();
        for (long i = 0; i < ANSWER_COUNT; i++) {
            expected.add(i);
        }
        assertEquals(expected, listener.ansnos);
        assertEquals(ANSWER_COUNT + 1, listener.onLoop.size(), "answers and their end");
        assertFalse(listener.onLoop.contains(false), "listener ran off the loop: " + Set.copyOf(listener.threads));
        assertEquals(Set.of(true), serverThreadIsLoop, "server handler ran on " + serverThreads);
    }

    @Test
    @DisplayName("default, reply futures off the loop: handlers, listeners and futures never run on an event loop")
    void defaultCallbacksNeverOnTheEventLoop() throws Exception {
        BeepChannel ch = connect(false, false, StandardProfiles.ECHO);
        Recorder listener = new Recorder("beep-client-");
        ch.send(MimeEntity.of("x"), listener).get(5, TimeUnit.SECONDS);
        listener.reply.get(5, TimeUnit.SECONDS);
        List<CompletableFuture<Reply>> done = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            done.add(ch.send(MimeEntity.of("m" + i)));
        }
        CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);

        assertEquals(List.of(false), listener.onLoop, "listener ran on " + listener.threads);
        assertTrue(listener.threads.get(0).startsWith("beep-callback-"), listener.threads.toString());
        BeepChannel held = ch.session().startChannel(HELD).get(5, TimeUnit.SECONDS);
        List<String> futureThreads = futureThreads(held, 20, "beep-client-");
        assertEquals(20, futureThreads.size(), futureThreads.toString());
        assertTrue(futureThreads.stream().allMatch(n -> n.startsWith("beep-callback-") && !n.endsWith("(fast)")),
                "reply futures completed on " + Set.copyOf(futureThreads));
        assertEquals(Set.of(false), serverThreadIsLoop, "server handler ran on " + serverThreads);
        assertTrue(serverThreads.stream().allMatch(n -> n.startsWith("beep-callback-")), serverThreads.toString());
    }

    @Test
    @DisplayName("default: handlers and listeners run on callback threads, reply futures on the client's event loop")
    void defaultReplyFuturesOnTheEventLoop() throws Exception {
        BeepChannel ch = connect(false, StandardProfiles.ECHO);
        Recorder listener = new Recorder("beep-client-");
        ch.send(MimeEntity.of("x"), listener).get(5, TimeUnit.SECONDS);
        listener.reply.get(5, TimeUnit.SECONDS);
        assertEquals(List.of(false), listener.onLoop, "listener ran on " + listener.threads);
        assertTrue(listener.threads.get(0).startsWith("beep-callback-"), listener.threads.toString());
        BeepChannel held = ch.session().startChannel(HELD).get(5, TimeUnit.SECONDS);
        List<String> futureThreads = futureThreads(held, 20, "beep-client-");
        assertEquals(20, futureThreads.size(), futureThreads.toString());
        assertTrue(futureThreads.stream().allMatch(n -> n.startsWith("beep-client-") && n.contains(" (loop)")),
                "reply futures completed on " + Set.copyOf(futureThreads));
        assertEquals(Set.of(false), serverThreadIsLoop, "server handler ran on " + serverThreads);
        assertTrue(serverThreads.stream().allMatch(n -> n.startsWith("beep-callback-")), serverThreads.toString());
    }

    @Test
    @DisplayName("default: answer listeners run on callback threads too")
    void defaultAnswerListenersOffTheLoop() throws Exception {
        BeepChannel ch = connect(false, ANSWERS);
        Recorder listener = new Recorder("beep-client-");
        ch.send(MimeEntity.of("go"), listener).get(20, TimeUnit.SECONDS);
        listener.answersDone.get(5, TimeUnit.SECONDS);
        assertEquals(List.of(), listener.problems);
        assertEquals(ANSWER_COUNT, listener.ansnos.size());
        assertFalse(listener.onLoop.contains(true), "listener ran on " + Set.copyOf(listener.threads));
        assertTrue(listener.threads.stream().allMatch(n -> n.startsWith("beep-callback-")));
        assertEquals(Set.of(false), serverThreadIsLoop, "server handler ran on " + serverThreads);
    }
}
