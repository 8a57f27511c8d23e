package io.beepkit.netty.tuning;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SEQs ride with replies over a real socket: with {@link SocketTuning#EFFICIENT} and fixed 4096-octet windows on
 * both sides, each 2048-octet MSG moves the server's window by half, so each exchange needs one SEQ from the server;
 * as the client could still send another such MSG, the SEQ is not urgent and leaves in the same flush as the echo, so
 * the server flushes about once per exchange, not twice. (A MSG that fills the window makes its SEQ urgent: it leaves
 * at once, see {@code FlushCoalescingTest}.)
 */
class SeqRideTest {
    static final int MESSAGES = 200;
    static final int PAYLOAD = 2048; // CRLF + 2046 body octets: half the window
    /** An echo of the application's own: off the loop unless callbacks are direct (the ready-made echo never is). */
    static final String ECHO = "urn:test:application-echo";

    @ParameterizedTest(name = "direct callbacks: {0}")
    @DisplayName("the SEQ for each half-window MSG leaves with its echo: about one server flush per exchange")
    @ValueSource(booleans = {false, true})
    void oneServerFlushPerExchangeWithTheSeqRidingOnTheReply(boolean direct) throws Exception {
        // Off the loop the echo comes back through a callback thread; on a loaded machine that can take longer than
        // the default 5 ms, and the SEQ would rightly leave alone. The ride is under test here, not the bound
        // (FlushCoalescingTest checks that), so the off-loop case gets room.
        long[] r = exchange(direct, direct ? FlowSettings.DEFAULT_SEQ_DELAY : Duration.ofMillis(50));
        assertTrue(r[0] >= MESSAGES && r[0] <= MESSAGES + 2,
                "one SEQ per half-window MSG expected, the client received " + r[0]);
        assertTrue(r[1] <= MESSAGES * 11 / 10 + 4,
                "about one server flush per exchange expected: " + r[1] + " for " + MESSAGES);
    }

    /** Echoes; returns the SEQs the client received and the server's flushes during the echoes. */
    private static long[] exchange(boolean direct, Duration seqDelay) throws Exception {
        SocketTuning efficient = SocketTuning.of("custom", SocketTuning.EFFICIENT.socket(),
                SocketTuning.EFFICIENT.flow().toBuilder().window(4096).build());
        SessionConfig config = SessionConfig.builder().tuning(efficient)
                .flow(efficient.flow().toBuilder().seqDelay(seqDelay).build()).build();
        CompletableFuture<BeepSession> serverSession = new CompletableFuture<>();
        try (BeepResources resources = BeepResources.builder().directCallbacks(direct).build();
             BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).session(config).resources(resources)
                .profile(ECHO, (m, r) -> r.reply(m.entity()))
                .onSession(serverSession::complete).build().start().get(5, TimeUnit.SECONDS);
             BeepClient client = BeepClient.builder().session(config).resources(resources).build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            BeepChannel ch = s.startChannel(ECHO).get(5, TimeUnit.SECONDS);
            DefaultBeepSession serverSide = (DefaultBeepSession) serverSession.get(5, TimeUnit.SECONDS);
            long seqBefore = s.stats().seqFramesReceived();
            long flushesBefore = serverSide.flushes();

            byte[] body = new byte[PAYLOAD - 2];
            for (int i = 0; i < MESSAGES; i++) {
                body[i % body.length] = (byte) i;
                byte[] echoed = ch.send(MimeEntity.of(body)).get(5, TimeUnit.SECONDS).entity().body();
                assertArrayEquals(body, echoed, "echo " + i);
            }

            long seqs = s.stats().seqFramesReceived() - seqBefore;
            long flushes = serverSide.flushes() - flushesBefore;
            System.out.printf("SeqRideTest direct=%s seqDelay=%s: %d echoes of %d octets, client received %d SEQs,"
                    + " server flushed %d times%n", direct, seqDelay, MESSAGES, PAYLOAD, seqs, flushes);
            s.close().get(5, TimeUnit.SECONDS);
            return new long[] {seqs, flushes};
        }
    }

    @Test
    @DisplayName("contrast: with seqDelay zero and off-loop callbacks each SEQ leaves alone, two flushes per exchange")
    void contrastWithoutSeqDelay() throws Exception {
        long[] r = exchange(false, Duration.ZERO);
        assertTrue(r[0] >= MESSAGES && r[0] <= MESSAGES + 2, "SEQs: " + r[0]);
        assertTrue(r[1] >= MESSAGES * 3 / 2, "the SEQ and the echo should leave in separate flushes: " + r[1]);
    }
}
