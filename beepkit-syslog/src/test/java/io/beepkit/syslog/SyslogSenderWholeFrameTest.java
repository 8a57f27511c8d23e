package io.beepkit.syslog;

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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A device that keeps many entries outstanding against a collector whose window reopens slowly still sends every
 * COOKED entry and every RAW line as one whole frame (liblogging's collector reads each frame as a message of its own),
 * over 127.0.0.1.
 */
class SyslogSenderWholeFrameTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final int COUNT = 200;
    private static final int OUTSTANDING = 64;
    private final LinkedBlockingQueue<SyslogMessage> received = new LinkedBlockingQueue<>();
    private ExecutorService slow;
    private BeepServer server;
    private BeepClient client;

    @BeforeEach
    void startAcknowledger() {
        slow = Executors.newSingleThreadExecutor();
        teardown.onClose(slow::shutdownNow);
    }

    /**
     * A collector with liblogging's fixed 4096-octet window whose consumer acknowledges each message 5 ms after the
     * previous one, one at a time, so its window reopens by one message at a time and slower than the device's tail wait (1 ms here): the channel itself would
     * send a fragment rather than wait longer.
     */
    private BeepSession start() throws Exception {
        SyslogConsumer consumer = m -> {
            CompletableFuture<Void> ack = new CompletableFuture<>();
            slow.execute(() -> {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                received.add(m);
                ack.complete(null);
            });
            return ack;
        };
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .tuning(SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(4096).build()))
                .profiles(SyslogCollector.builder().consumer(consumer).build().register(new ProfileRegistry()))
                .build().start().join());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().flow(FlowSettings.builder()
                .tailWait(Duration.ofMillis(1)).build()).build()).build());
        return client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
    }

    private static String line(int i) {
        return "<" + (32 + i % 8) + ">Oct 11 22:14:15 host app[" + i + "]: entry " + i + " " + "z".repeat(150 + i % 97);
    }

    /** Sends COUNT lines keeping up to OUTSTANDING unanswered, as the command-line tool does. */
    private static void sendAll(SyslogSender sender) throws Exception {
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
    }

    private void expectAllInOrder() throws InterruptedException {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            SyslogMessage m = received.poll(30, TimeUnit.SECONDS);
            if (m == null) {
                break;
            }
            texts.add(m.text());
        }
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            expected.add(line(i));
        }
        assertEquals(expected, texts);
    }

    private static String describe(TransferStats stats) {
        return stats.framesSent() + " frames (" + stats.smallFramesSent() + " small) for " + stats.messagesSent()
                + " messages";
    }

    @Test
    void cookedEntriesLeaveAsWholeFrames() throws Exception {
        BeepSession s = start();
        SyslogSender sender = SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS);
        sendAll(sender);
        TransferStats stats = sender.channel().stats();
        sender.finish().get(30, TimeUnit.SECONDS);
        expectAllInOrder();
        assertEquals(COUNT, stats.messagesSent());
        assertEquals(stats.messagesSent(), stats.framesSent(), "every entry in one frame: " + describe(stats));
        assertNoPollingThread();
    }

    /** The waits for the window are the engine's: no thread of the device's own polls it. */
    private static void assertNoPollingThread() {
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("beep-syslog-device")), "a device thread of its own");
    }

    @Test
    void rawLinesLeaveAsWholeFrames() throws Exception {
        BeepSession s = start();
        SyslogSender sender = SyslogSender.raw(s).get(5, TimeUnit.SECONDS);
        sendAll(sender);
        sender.finish().get(30, TimeUnit.SECONDS);
        expectAllInOrder();
        TransferStats stats = sender.channel().stats();
        // the answers and the closing NUL (an empty frame of its own), each in one frame
        assertEquals(stats.messagesSent(), stats.framesSent(), "every answer in one frame: " + describe(stats));
        // on the RFC URI the lines queued behind the slow window share answers
        assertTrue(stats.framesSent() < COUNT, describe(stats));
        assertNoPollingThread();
    }
}
