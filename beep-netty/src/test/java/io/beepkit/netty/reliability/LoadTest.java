package io.beepkit.netty.reliability;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A CI-scale load on one listener over loopback: 1 000 sessions with 4 echo channels each, every channel keeping
 * one message in flight for a few seconds. Every exchange is answered with its own body, no session fails, every
 * session on both sides closes, and the leak detector finds nothing. The long run (10 000 sessions, mixed echo and
 * bulk, 10 minutes) is {@code io.beepkit.bench.SoakRun}, see docs/reliability.md.
 */
class LoadTest {
    private static final int SESSIONS = 1_000;
    private static final int CHANNELS = 4;
    private static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final int CONNECT_BATCH = 100;
    private static final long BOUND_SECONDS = 20;

    /** One channel's closed loop: the next message leaves when the previous reply arrives, until the deadline. */
    private static final class EchoLoop {
        final BeepChannel channel;
        final long deadline;
        final AtomicLong answered;
        final CompletableFuture<Void> done = new CompletableFuture<>();
        long sequence;

        EchoLoop(BeepChannel channel, long deadline, AtomicLong answered) {
            this.channel = channel;
            this.deadline = deadline;
            this.answered = answered;
        }

        void next() {
            if (System.nanoTime() - deadline > 0) {
                done.complete(null);
                return;
            }
            String body = channel.number() + "/" + (sequence++);
            channel.send(MimeEntity.of(body)).whenComplete((reply, failure) -> {
                if (failure != null) {
                    done.completeExceptionally(failure);
                } else if (!body.equals(reply.entity().bodyText())) {
                    done.completeExceptionally(new AssertionError("sent " + body + ", echoed " + reply.entity().bodyText()));
                } else {
                    answered.incrementAndGet();
                    next();
                }
            });
        }
    }

    @Test
    @DisplayName("1 000 sessions x 4 channels against one listener: every exchange answered, every session closed")
    void thousandSessionsFourChannelsEach() throws Exception {
        ConcurrentLinkedQueue<BeepSession> serverSessions = new ConcurrentLinkedQueue<>();
        // The default listener: all 1 000 sessions come from 127.0.0.1, and there is no per-address limit.
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0)
                .onSession(serverSessions::add).build().start().join();
             BeepClient client = BeepClient.builder().build()) {
            long t0 = System.nanoTime();
            List<BeepSession> sessions = new ArrayList<>();
            for (int i = 0; i < SESSIONS; i += CONNECT_BATCH) {
                List<CompletableFuture<BeepSession>> batch = new ArrayList<>();
                for (int k = 0; k < CONNECT_BATCH; k++) {
                    batch.add(client.connect("127.0.0.1", server.port()));
                }
                for (CompletableFuture<BeepSession> f : batch) {
                    sessions.add(f.get(BOUND_SECONDS, TimeUnit.SECONDS));
                }
            }
            List<CompletableFuture<BeepChannel>> starts = new ArrayList<>();
            for (BeepSession s : sessions) {
                for (int c = 0; c < CHANNELS; c++) {
                    starts.add(s.startChannel(StandardProfiles.ECHO));
                }
            }
            List<BeepChannel> channels = new ArrayList<>();
            for (CompletableFuture<BeepChannel> f : starts) {
                channels.add(f.get(BOUND_SECONDS, TimeUnit.SECONDS));
            }
            // The run starts once every channel is open: on a busy machine the starts alone may outlast it.
            AtomicLong answered = new AtomicLong();
            long deadline = System.nanoTime() + RUN_NANOS;
            List<EchoLoop> loops = new ArrayList<>();
            for (BeepChannel channel : channels) {
                EchoLoop loop = new EchoLoop(channel, deadline, answered);
                loops.add(loop);
                loop.next();
            }
            long setUpMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            for (EchoLoop loop : loops) {
                loop.done.get(BOUND_SECONDS, TimeUnit.SECONDS); // rethrows a failed or wrong exchange
                assertTrue(loop.sequence > 0, loop.channel + " never sent");
            }
            long runMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - deadline + RUN_NANOS);
            List<CompletableFuture<Void>> closes = new ArrayList<>();
            sessions.forEach(s -> closes.add(s.close()));
            for (CompletableFuture<Void> f : closes) {
                f.get(BOUND_SECONDS, TimeUnit.SECONDS);
            }
            assertEquals(SESSIONS, serverSessions.size());
            for (BeepSession s : serverSessions) {
                s.closeFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);
            }
            System.out.printf("load: %d sessions x %d channels, set up in %d ms, %d exchanges in %d ms (%.0f/s)%n",
                    SESSIONS, CHANNELS, setUpMillis, answered.get(), runMillis, answered.get() * 1000.0 / runMillis);
            assertTrue(answered.get() >= (long) SESSIONS * CHANNELS, "only " + answered.get() + " exchanges");
        }
    }
}
