package io.beepkit.netty.reliability;

import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.LivenessProbe;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The liveness probe over 127.0.0.1: a start request on a profile no peer offers, which every RFC 3080 peer must
 * answer on channel 0 (§2.3.1.2). A peer that answers keeps its session however long it stays quiet; one that
 * greeted and then fell silent is terminated within interval + timeout.
 */
class LivenessProbeTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final String GREETING =
            ScriptedPeer.mgmt("<greeting><profile uri='" + StandardProfiles.ECHO + "'/></greeting>");
    /** Generous bound on how late the timers may fire on a loaded machine. */
    private static final long SLACK_MS = 5_000;

    BeepServer server;
    BeepClient client;

    static boolean isProbe(ReadFrame f) {
        return f.type() == FrameType.MSG && f.header().channel() == 0 && f.text().contains(LivenessProbe.PROFILE);
    }

    @Test
    @DisplayName("RFC 3080 §2.3.1.2: a peer refuses the probe's start (ERR 550), so a quiet session stays up")
    void answeredProbesKeepQuietSession() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0)
                .profile(StandardProfiles.ECHO, (m, r) -> r.reply(m.entity())).build().start().join());
        AtomicInteger probes = new AtomicInteger();
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder()
                .livenessProbe(LivenessProbe.of(Duration.ofMillis(200), Duration.ofSeconds(2))).frameTracer(line -> {
                    if (line.startsWith("-> MSG 0 ")) {
                        probes.incrementAndGet();
                    }
                }).build()).build());
        BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (probes.get() < 3 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertTrue(probes.get() >= 3, "probes sent: " + probes.get());
        assertTrue(session.isOpen());
        assertEquals(1, server.sessions().size());
        MimeEntity pong = session.startChannel(StandardProfiles.ECHO).get(10, TimeUnit.SECONDS)
                .send(MimeEntity.of("still here")).get(10, TimeUnit.SECONDS).entity();
        assertEquals("still here", pong.bodyText());
    }

    @Test
    @DisplayName("RFC 3080 §2.3.1.2: a listener that greeted and then answers nothing is terminated within "
            + "interval + timeout")
    void silentListenerIsTerminated() throws Exception {
        LivenessProbe probe = LivenessProbe.of(Duration.ofMillis(300), Duration.ofMillis(500));
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().livenessProbe(probe).build()).build());
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendFrame("RPY", 0, 0, '.', 0, GREETING);
                BeepSession session = connecting.get(10, TimeUnit.SECONDS);
                long t0 = System.nanoTime();
                ReadFrame sent = peer.readUntil(LivenessProbeTest::isProbe); // read, never answered
                assertTrue(sent.text().contains("<start number='1'"), sent.text());
                session.closeFuture().get(probe.detectionBound().toMillis() + SLACK_MS, TimeUnit.MILLISECONDS);
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                assertTrue(ms >= probe.detectionBound().toMillis() - 100, "terminated after " + ms + " ms");
                peer.readUntilClosed();
            }
        }
    }

    @Test
    @DisplayName("RFC 3080 §2.3.1.2: a listener's probe terminates an initiator that greeted and then went silent")
    void silentInitiatorIsTerminated() throws Exception {
        LivenessProbe probe = LivenessProbe.of(Duration.ofMillis(300), Duration.ofMillis(500));
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(SessionConfig.builder().livenessProbe(probe).build())
                .profile(StandardProfiles.ECHO, (m, r) -> r.reply(m.entity())).build().start().join());
        try (ScriptedPeer peer = ScriptedPeer.connect(server.port())) {
            peer.readDataFrame(); // the listener's greeting
            peer.sendFrame("RPY", 0, 0, '.', 0, ScriptedPeer.mgmt("<greeting/>"));
            long t0 = System.nanoTime();
            ReadFrame sent = peer.readUntil(LivenessProbeTest::isProbe);
            assertTrue(sent.text().contains("<start number='2'"), sent.text()); // even numbers are the listener's
            peer.readUntilClosed();
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(ms >= probe.detectionBound().toMillis() - 100
                    && ms < probe.detectionBound().toMillis() + SLACK_MS, "closed after " + ms + " ms");
        }
    }

    @Test
    @DisplayName("RFC 3080 §2.3.1.3: a peer that accepts the probe's profile gets the channel closed again")
    void acceptedProbeIsClosed() throws Exception {
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder()
                .livenessProbe(LivenessProbe.of(Duration.ofMillis(300), Duration.ofSeconds(5))).build()).build());
        try (ScriptedPeer.Listening listening = ScriptedPeer.listen()) {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            try (ScriptedPeer peer = listening.accept()) {
                peer.sendFrame("RPY", 0, 0, '.', 0, GREETING);
                BeepSession session = connecting.get(10, TimeUnit.SECONDS);
                ReadFrame start = peer.readUntil(LivenessProbeTest::isProbe);
                String accept = ScriptedPeer.mgmt("<profile uri='" + LivenessProbe.PROFILE + "'/>");
                peer.sendFrame("RPY", 0, start.header().msgno(), '.',
                        GREETING.getBytes(StandardCharsets.UTF_8).length, accept);
                ReadFrame close = peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0
                        && f.text().contains("<close"));
                assertTrue(close.text().contains("number='1'"), close.text());
                assertTrue(session.isOpen());
            }
        }
    }

    @Test
    @DisplayName("the probe's interval and timeout must be positive; the detection bound is their sum")
    void settings() {
        LivenessProbe p = LivenessProbe.of(Duration.ofSeconds(30), Duration.ofSeconds(10));
        assertEquals(Duration.ofSeconds(40), p.detectionBound());
        assertThrows(IllegalArgumentException.class, () -> LivenessProbe.of(Duration.ZERO, Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> LivenessProbe.of(Duration.ofSeconds(1), Duration.ofSeconds(-1)));
    }
}
