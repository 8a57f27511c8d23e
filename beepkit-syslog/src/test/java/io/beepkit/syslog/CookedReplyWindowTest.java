package io.beepkit.syslog;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.TransferStats;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A COOKED device keeps its 4096-octet receive window yet opens room for the collector's {@code <ok />} replies in
 * time, so the collector never meets the edge in the middle of a reply and splits it: the device sends its SEQ at
 * once when the replies it awaits would not fit what is open (rather than wait for its next entry to carry it), and
 * keeps no more entries unanswered than their replies fit in half its window (the application asks for 64, whose
 * replies, 2816 octets, could exceed what is open after a SEQ). Over 127.0.0.1, replies wrapping the window 21 times.
 */
class CookedReplyWindowTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final int COUNT = 2_000;
    private static final int OUTSTANDING = 64;
    private ScheduledExecutorService batcher;
    private final ConcurrentLinkedQueue<CompletableFuture<Void>> unacknowledged = new ConcurrentLinkedQueue<>();
    private final AtomicInteger received = new AtomicInteger();
    private BeepServer server;
    private BeepClient client;

    @BeforeEach
    void startBatcher() {
        batcher = Executors.newSingleThreadScheduledExecutor();
        teardown.onClose(batcher::shutdownNow);
    }

    /**
     * A collector with a large fixed window whose consumer acknowledges what it has every 2 ms (a file sink's batched
     * fsync), so replies leave in bursts. Its tail wait is long (100 ms): a reply it splits was held at the edge that
     * long. The device waits up to 200 ms for an entry to carry a due SEQ (the longest {@code seqDelay}), longer than
     * that tail wait, so a SEQ held back for data shows as a split reply rather than by chance.
     */
    private SyslogSender start() throws Exception {
        SyslogConsumer consumer = m -> {
            CompletableFuture<Void> ack = new CompletableFuture<>();
            received.incrementAndGet();
            unacknowledged.add(ack);
            return ack;
        };
        batcher.scheduleWithFixedDelay(() -> {
            CompletableFuture<Void> f;
            while ((f = unacknowledged.poll()) != null) {
                f.complete(null);
            }
        }, 2, 2, TimeUnit.MILLISECONDS);
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .session(SessionConfig.builder().flow(FlowSettings.builder().tailWait(Duration.ofMillis(100)).build())
                        .build())
                .tuning(SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(256 * 1024).build()))
                .profiles(SyslogCollector.builder().consumer(consumer).build().register(new ProfileRegistry()))
                .build().start().join());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().flow(FlowSettings.builder()
                .seqDelay(FlowSettings.MAX_SEQ_DELAY).build()).build()).build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        return SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS);
    }

    private static String line(int i) {
        return String.format("<165>1 2026-11-25T18:00:00.000Z web01.example.com app 4242 ID47 - message number %07d ",
                i) + "x".repeat(31);
    }

    /** The collector's side of the device's channel. */
    private BeepChannel collectorChannel() {
        List<BeepSession> sessions = server.sessions();
        assertEquals(1, sessions.size());
        return sessions.get(0).channels().stream().filter(c -> c.number() != 0).findFirst().orElseThrow();
    }

    /** Every reply in one frame at the collector, none forced small, and the device opening its window with SEQs. */
    private void expectWholeReplies(SyslogSender sender) throws Exception {
        TransferStats collector = collectorChannel().stats();
        TransferStats device = sender.channel().stats();
        sender.finish().get(30, TimeUnit.SECONDS);
        assertEquals(COUNT, received.get());
        assertEquals(COUNT, collector.messagesSent(), collector.toString());
        assertEquals(0, collector.smallFramesSent(), "replies split at the device's window edge: " + collector);
        assertEquals(collector.messagesSent(), collector.framesSent(), "every reply in one frame: " + collector);
        assertEquals(collector.framesSent(), device.framesReceived(), device.toString());
        // 2 000 replies of 44 octets wrap the 4096-octet window 21 times; each SEQ moves the edge by 2048 or 4096
        long replyOctets = device.bytesReceived();
        assertTrue(replyOctets > 20 * 4096, device.toString());
        assertTrue(device.seqFramesSent() >= (replyOctets - 4096) / 4096, "SEQs from the device: " + device);
    }

    /**
     * The device sends 64 entries, then waits for all their replies before the next 64: no entry of its own leaves
     * while the replies arrive, so a SEQ that waited for one would wait its whole {@code seqDelay}.
     */
    @Test
    void burstsOfRepliesNeverMeetTheEdgeMidReply() throws Exception {
        SyslogSender sender = start();
        List<CompletableFuture<Void>> batch = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            batch.add(sender.send(line(i)));
            if (batch.size() == OUTSTANDING || i == COUNT - 1) {
                CompletableFuture.allOf(batch.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
                batch.clear();
            }
        }
        expectWholeReplies(sender);
    }

    /** As {@code beep syslog send}: 64 entries outstanding, the next sent as the oldest is answered. */
    @Test
    void pipelinedEntriesGetWholeReplies() throws Exception {
        SyslogSender sender = start();
        ArrayDeque<CompletableFuture<Void>> inFlight = new ArrayDeque<>();
        for (int i = 0; i < COUNT; i++) {
            if (inFlight.size() == OUTSTANDING) {
                inFlight.poll().get(30, TimeUnit.SECONDS);
            }
            inFlight.add(sender.send(line(i)));
        }
        for (CompletableFuture<Void> f : inFlight) {
            f.get(30, TimeUnit.SECONDS);
        }
        expectWholeReplies(sender);
    }
}
