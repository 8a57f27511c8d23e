package io.beepkit.netty.reliability;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.CloseDecision;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.RequestTimeoutException;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Start and close requests that are never answered: ours to a scripted peer that reads them and stays silent fail
 * their futures with {@link RequestTimeoutException} naming the channel and the timeout, and the session ends; the
 * peer's requests to an application handler that never decides are refused with ERR 451 and the session stays.
 */
class ChannelRequestTimeoutTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final Duration TIMEOUT = Duration.ofMillis(500);
    private static final String GREETING =
            ScriptedPeer.mgmt("<greeting><profile uri='" + StandardProfiles.ECHO + "'/></greeting>");

    BeepClient client;
    BeepServer server;
    final CountDownLatch never = new CountDownLatch(1);

    @AfterEach
    void stop() {
        never.countDown();
    }

    @Test
    @DisplayName("a start the peer never answers fails within the timeout, naming the channel; the session ends")
    void unansweredStartFails() throws Exception {
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().limits(SessionLimits.builder()
                .channelRequestTimeout(TIMEOUT).build()).build()).build());
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendFrame("RPY", 0, 0, '.', 0, GREETING);
                BeepSession session = connecting.get(5, TimeUnit.SECONDS);
                long t0 = System.nanoTime();
                CompletableFuture<BeepChannel> starting = session.startChannel(StandardProfiles.ECHO);
                peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0); // read, never answered
                ExecutionException e = assertThrows(ExecutionException.class, () -> starting.get(5, TimeUnit.SECONDS));
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                RequestTimeoutException timeout = assertInstanceOf(RequestTimeoutException.class, e.getCause());
                assertEquals("no reply to the start of channel 1 within 500 ms", timeout.getMessage());
                assertTrue(ms >= TIMEOUT.toMillis() && ms < TIMEOUT.toMillis() + 3_000, "failed after " + ms + " ms");
                session.closeFuture().get(5, TimeUnit.SECONDS);
                peer.readUntilClosed();
            }
        }
    }

    @Test
    @DisplayName("a close the peer never answers fails within the timeout, naming the channel; the session ends")
    void unansweredCloseFails() throws Exception {
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().limits(SessionLimits.builder()
                .channelRequestTimeout(TIMEOUT).build()).build()).build());
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendFrame("RPY", 0, 0, '.', 0, GREETING);
                BeepSession session = connecting.get(5, TimeUnit.SECONDS);
                CompletableFuture<BeepChannel> starting = session.startChannel(StandardProfiles.ECHO);
                ReadFrame start = peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
                peer.sendFrame("RPY", 0, start.header().msgno(), '.', GREETING.getBytes(StandardCharsets.UTF_8).length,
                        ScriptedPeer.mgmt("<profile uri='" + StandardProfiles.ECHO + "'/>"));
                BeepChannel ch = starting.get(5, TimeUnit.SECONDS);
                CompletableFuture<Void> closing = ch.close();
                ReadFrame close = peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
                assertTrue(close.text().contains("<close"), close.text());
                ExecutionException e = assertThrows(ExecutionException.class, () -> closing.get(5, TimeUnit.SECONDS));
                RequestTimeoutException timeout = assertInstanceOf(RequestTimeoutException.class, e.getCause());
                assertEquals("no reply to the close of channel 1 within 500 ms", timeout.getMessage());
                session.closeFuture().get(5, TimeUnit.SECONDS);
                peer.readUntilClosed();
            }
        }
    }

    @Test
    @DisplayName("the peer's start and close wait for a handler that never decides only until the timeout: ERR 451")
    void undecidedPeerRequestsAreRefused() throws Exception {
        String stuck = "urn:beepkit:test:stuck";
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(SessionConfig.builder()
                .limits(SessionLimits.builder().channelRequestTimeout(TIMEOUT).build()).build())
                .profile(stuck, new MessageHandler() {
                    @Override
                    public StartDecision onStart(ChannelStartRequest request) {
                        return request.number() == 1 ? StartDecision.accept() : await(StartDecision.accept());
                    }

                    @Override
                    public CloseDecision onCloseRequest(BeepChannel channel, int code) {
                        return await(CloseDecision.accept());
                    }

                    @Override
                    public void onMessage(Message message, Responder responder) {
                        responder.reply(message.entity());
                    }
                }).build().start().join());
        try (ScriptedPeer peer = ScriptedPeer.connect(server.port())) {
            peer.readDataFrame(); // the listener's greeting
            String greeting = ScriptedPeer.mgmt("<greeting/>");
            peer.sendFrame("RPY", 0, 0, '.', 0, greeting);
            long seqno = greeting.length();
            String start1 = ScriptedPeer.mgmt("<start number='1'><profile uri='" + stuck + "'/></start>");
            peer.sendFrame("MSG", 0, 1, '.', seqno, start1);
            seqno += start1.length();
            assertEquals(FrameType.RPY, peer.readDataFrame().type(), "channel 1 not started");
            String start3 = ScriptedPeer.mgmt("<start number='3'><profile uri='" + stuck + "'/></start>");
            long t0 = System.nanoTime();
            peer.sendFrame("MSG", 0, 2, '.', seqno, start3);
            seqno += start3.length();
            ReadFrame refused = peer.readDataFrame();
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertEquals(FrameType.ERR, refused.type(), refused::toString);
            assertTrue(refused.text().contains("code='451'") && refused.text().contains("no decision within 500 ms"),
                    refused.text());
            assertTrue(ms >= TIMEOUT.toMillis() - 50, "refused after " + ms + " ms");
            String close1 = ScriptedPeer.mgmt("<close number='1' code='200'/>");
            peer.sendFrame("MSG", 0, 3, '.', seqno, close1);
            ReadFrame declined = peer.readDataFrame();
            assertEquals(FrameType.ERR, declined.type(), declined::toString);
            assertTrue(declined.text().contains("code='451'"), declined.text());
            assertEquals(1, server.sessions().size(), "the session ended");
            assertEquals(1, server.sessions().get(0).channels().size(), "channel 1 closed or channel 3 opened");
        }
    }

    private <D> D await(D decision) {
        try {
            never.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return decision;
    }
}
