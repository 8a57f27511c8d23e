package io.beepkit.netty.interop;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Interoperability with the Vortex Library (C), an independent BEEP implementation, per shared INTEROP notes:
 * our initiator against {@code vortex-regression-listener}, and Vortex's echo client against our listener. Skipped
 * unless {@value VortexPeer#ENV} points at a built Vortex test directory; see docs/interop.md.
 */
@Tag("interop")
@EnabledIfEnvironmentVariable(named = VortexPeer.ENV, matches = ".+",
        disabledReason = "Vortex peer absent: set BEEP_VORTEX_TEST_DIR to a built libvortex-1.1/test directory (docs/interop.md)")
class VortexInteropTest {
    @RegisterExtension
    static final TeardownExtension TEARDOWN = new TeardownExtension();

    static final String PREFIX = "http://iana.org/beep/transient/";
    static final String REGRESSION = PREFIX + "vortex-regression";
    static final int OFFSET = 300;
    @RegisterExtension
    static final VortexListener VORTEX = new VortexListener(OFFSET);
    static final int PORT = VORTEX.port();

    static BeepClient client;

    @BeforeAll
    static void startClient() {
        client = TEARDOWN.add(BeepClient.builder().build());
    }

    private BeepSession connect() throws Exception {
        return client.connect("127.0.0.1", PORT).get(10, TimeUnit.SECONDS);
    }

    @Test
    void greetingExchangeWithAListenerThatWaitsForOurs() throws Exception {
        BeepSession s = connect();
        assertTrue(s.peerProfiles().contains(REGRESSION), s.peerProfiles().toString());
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void echoRepliesWithoutMimeHeaders() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(REGRESSION).get(10, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of("hello vortex")).get(10, TimeUnit.SECONDS);
        assertEquals(Reply.Kind.RPY, r.kind());
        assertEquals("hello vortex", r.entity().bodyText());
        byte[] big = new byte[64 * 1024];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) ('a' + i % 26);
        }
        for (int i = 0; i < 8; i++) {
            assertArrayEquals(big, ch.send(MimeEntity.of(big)).get(10, TimeUnit.SECONDS).entity().body());
        }
        ch.close().get(10, TimeUnit.SECONDS);
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void thirtyAnswersThenNul() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(PREFIX + "vortex-regression/simple-ans-nul").get(10, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of("ans payload")).get(10, TimeUnit.SECONDS);
        assertEquals(Reply.Kind.ANSWERS, r.kind());
        assertEquals(30, r.answers().size());
        assertTrue(r.answers().stream().allMatch(a -> a.bodyText().contains("ans payload")));
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void replyInFourFrames() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(REGRESSION).get(10, TimeUnit.SECONDS);
        long before = ch.stats().framesReceived();
        Reply r = ch.send(MimeEntity.of("get-fragments")).get(10, TimeUnit.SECONDS);
        assertEquals(Reply.Kind.RPY, r.kind());
        assertTrue(ch.stats().framesReceived() - before >= 4, "frames: " + (ch.stats().framesReceived() - before));
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void listenerSendsMsgsToTheInitiator() throws Exception {
        BeepSession s = connect();
        CountDownLatch three = new CountDownLatch(3);
        MessageHandler answerer = new MessageHandler() {
            @Override
            public void onMessage(Message message, Responder responder) {
                responder.reply(message.entity());
                three.countDown();
            }
        };
        BeepChannel ch = s.startChannel(ChannelRequest.builder().profile(PREFIX + "vortex-regression/3")
                .handler(answerer).build()).get(10, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of("go")).get(10, TimeUnit.SECONDS);
        assertEquals(Reply.Kind.RPY, r.kind());
        assertTrue(three.await(10, TimeUnit.SECONDS), "the listener's 3 MSGs were not all received");
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void listenerClosesTheChannelRightAfterItsReply() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(PREFIX + "close-in-transit").get(10, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of("close me")).get(10, TimeUnit.SECONDS);
        assertEquals(Reply.Kind.RPY, r.kind());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ch.isOpen() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertFalse(ch.isOpen(), "the listener's close was not accepted");
        assertTrue(s.isOpen());
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void startRefusedByThePeerIsAnError() throws Exception {
        BeepSession s = connect();
        var f = s.startChannel(PREFIX + "vortex-regression/deny_supported");
        var e = org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
                () -> f.get(10, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof io.beepkit.api.BeepErrorException, e.toString());
        assertTrue(s.isOpen());
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void repliesAlternateBetweenAnswersAndRpyOnOneChannel() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(PREFIX + "vortex-regression/mixing-replies").get(10, TimeUnit.SECONDS);
        java.util.Set<Reply.Kind> kinds = java.util.EnumSet.noneOf(Reply.Kind.class);
        for (int i = 0; i < 4; i++) {
            Reply r = ch.send(MimeEntity.of("mix " + i)).get(10, TimeUnit.SECONDS);
            kinds.add(r.kind());
            if (r.kind() == Reply.Kind.ANSWERS) {
                assertEquals(2, r.answers().size());
                assertEquals("a reply 1", r.answers().get(0).bodyText().trim());
            } else {
                assertEquals("a reply", r.entity().bodyText().trim());
            }
        }
        assertEquals(java.util.EnumSet.of(Reply.Kind.RPY, Reply.Kind.ANSWERS), kinds);
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void listenerSendsMsgsAsSoonAsTheChannelOpens() throws Exception {
        BeepSession s = connect();
        java.util.List<String> received = new java.util.concurrent.CopyOnWriteArrayList<>();
        CountDownLatch two = new CountDownLatch(2);
        MessageHandler answerer = new MessageHandler() {
            @Override
            public void onMessage(Message message, Responder responder) {
                received.add(message.entity().bodyText().trim());
                responder.reply(MimeEntity.of("ok"));
                two.countDown();
            }
        };
        s.startChannel(ChannelRequest.builder().profile(PREFIX + "vortex-regression/fast-send")
                .handler(answerer).build()).get(10, TimeUnit.SECONDS);
        assertTrue(two.await(10, TimeUnit.SECONDS), "received only " + received);
        assertEquals(java.util.List.of("message 1", "message 2"), received);
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void answersOfRequestedSizeAndCount() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(PREFIX + "vortex-regression/4").get(10, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of("x,4000,100")).get(10, TimeUnit.SECONDS);
        assertEquals(Reply.Kind.ANSWERS, r.kind());
        assertEquals(100, r.answers().size());
        for (MimeEntity a : r.answers()) {
            assertEquals(4000, a.body().length);
        }
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void tenThousandAnswersStreamedThenTheListenerClosesTheChannel() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(PREFIX + "vortex-regression/close-after-ans-nul-replies")
                .get(10, TimeUnit.SECONDS);
        java.util.concurrent.atomic.AtomicLong answers = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong octets = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.CompletableFuture<Void> nul = new java.util.concurrent.CompletableFuture<>();
        ch.send(MimeEntity.of("go"), new io.beepkit.api.ReplyListener() {
            @Override
            public boolean streaming() {
                return true;
            }

            @Override
            public void onChunk(Reply.Kind kind, long ansno, byte[] chunk, boolean last) {
                octets.addAndGet(chunk.length);
                if (last) {
                    answers.incrementAndGet();
                }
            }

            @Override
            public void onAnswersComplete() {
                nul.complete(null);
            }
        }).get(60, TimeUnit.SECONDS);
        nul.get(1, TimeUnit.SECONDS);
        assertEquals(10_000, answers.get());
        assertTrue(octets.get() >= 10_000L * 4096, "octets " + octets.get());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ch.isOpen() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertFalse(ch.isOpen(), "the listener's close was not accepted");
        assertTrue(s.isOpen());
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void pipelinedMsgsArriveInMsgnoOrder() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(PREFIX + "vortex-regression/ordered-delivery").get(10, TimeUnit.SECONDS);
        java.util.List<java.util.concurrent.CompletableFuture<Reply>> replies = new java.util.ArrayList<>();
        for (int i = 0; i < 50; i++) {
            replies.add(ch.send(MimeEntity.of("ordered " + i)));
        }
        for (var f : replies) {
            assertEquals("received ok", f.get(10, TimeUnit.SECONDS).entity().bodyText().trim());
        }
        assertTrue(s.isOpen(), "the listener dropped the connection: msgnos arrived out of order");
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void piggybackedBase64InitDataIsAccepted() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(ChannelRequest.builder()
                .profile(REGRESSION, "hey dude, this is base64", true).build()).get(10, TimeUnit.SECONDS);
        assertEquals("ping", ch.send(MimeEntity.of("ping")).get(10, TimeUnit.SECONDS).entity().bodyText());
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void serverNameOfTheFirstStartIsSeenByTheListener() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(ChannelRequest.builder().profile(REGRESSION)
                .serverName("beepkit.example").build()).get(10, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of("GET serverName")).get(10, TimeUnit.SECONDS);
        assertEquals("beepkit.example", r.entity().bodyText().trim());
        s.close().get(10, TimeUnit.SECONDS);
    }

    /** The BTF case against a real peer: 4098-octet echoes on Vortex's 4096-octet window, 4 in flight. */
    @Test
    void slightlyOversizedMessagesOnVortexsWindowAvoidTinyFragments() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(REGRESSION).get(10, TimeUnit.SECONDS);
        assertEquals(4096, ch.remoteWindow());
        byte[] body = new byte[4096]; // + CRLF of the empty MIME header section = 4098 octets on the wire
        java.util.Arrays.fill(body, (byte) 'b');
        int messages = 400;
        java.util.concurrent.Semaphore inFlight = new java.util.concurrent.Semaphore(4);
        java.util.List<java.util.concurrent.CompletableFuture<Reply>> replies = new java.util.ArrayList<>();
        for (int i = 0; i < messages; i++) {
            assertTrue(inFlight.tryAcquire(10, TimeUnit.SECONDS));
            replies.add(ch.send(MimeEntity.of(body)).whenComplete((r, e) -> inFlight.release()));
        }
        for (var f : replies) {
            assertEquals(body.length, f.get(10, TimeUnit.SECONDS).entity().body().length);
        }
        io.beepkit.api.TransferStats st = ch.stats();
        double framesPerMessage = (double) st.framesSent() / messages;
        assertTrue(framesPerMessage <= 2.05, "frames per 4098-octet message: " + framesPerMessage);
        assertTrue(st.smallFramesSent() <= messages / 20, "small frames sent: " + st.smallFramesSent());
        s.close().get(10, TimeUnit.SECONDS);
    }

    @Test
    void vortexEchoClientAgainstOurListener() throws Exception {
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).build().start().get(5, TimeUnit.SECONDS)) {
            Path program = VortexPeer.program(VORTEX.dir(), "vortex-client-echo");
            Process p = new ProcessBuilder(program.toString(), "127.0.0.1", Integer.toString(server.port()))
                    .directory(VORTEX.dir().toFile()).redirectErrorStream(true).start();
            String out;
            boolean done = p.waitFor(30, TimeUnit.SECONDS);
            out = new String(p.getInputStream().readAllBytes());
            if (!done) {
                p.destroyForcibly();
            }
            assertTrue(done, "vortex-client-echo did not finish: " + out);
            assertEquals(0, p.exitValue(), "vortex-client-echo failed: " + out);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
