package io.beepkit.netty.interop;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

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
class VortexInteropTest {
    static final String PREFIX = "http://iana.org/beep/transient/";
    static final String REGRESSION = PREFIX + "vortex-regression";
    static final int OFFSET = 300;
    static final int PORT = 44010 + OFFSET;

    static Path dir;
    static Process listener;
    static BeepClient client;

    @BeforeAll
    static void startPeer() throws Exception {
        dir = VortexPeer.testDir();
        Assumptions.assumeTrue(dir != null, VortexPeer.skipReason());
        listener = VortexPeer.startListener(dir, OFFSET, PORT);
        client = BeepClient.builder().build();
    }

    @AfterAll
    static void stopPeer() throws Exception {
        if (client != null) {
            client.close();
        }
        VortexPeer.stop(listener);
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
        ProfileHandler answerer = new ProfileHandler() {
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
    void vortexEchoClientAgainstOurListener() throws Exception {
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).build().start().get(5, TimeUnit.SECONDS)) {
            Path program = VortexPeer.program(dir, "vortex-client-echo");
            Process p = new ProcessBuilder(program.toString(), "127.0.0.1", Integer.toString(server.port()))
                    .directory(dir.toFile()).redirectErrorStream(true).start();
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
