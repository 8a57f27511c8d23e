package io.beepkit.syslog;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A RAW device forgets a channel's lines when the collector accepts its close (RFC 3195 §3.4: there is no other
 * acknowledgement), so the collector must not accept it before its consumer has acknowledged every line: otherwise a
 * collector that dies between the two loses them. Over 127.0.0.1, with a consumer that holds its acknowledgements.
 */
class RawCloseAcknowledgementTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    final List<CompletableFuture<Void>> acks = new CopyOnWriteArrayList<>();
    BeepServer server;
    BeepClient client;

    private BeepSession connect() throws Exception {
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            CompletableFuture<Void> ack = new CompletableFuture<>();
            acks.add(ack);
            return ack;
        }).build();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build());
        server.start().get(10, TimeUnit.SECONDS);
        client = teardown.add(BeepClient.builder().build());
        return client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
    }

    @Test
    void theCloseIsAcceptedOnlyOnceTheConsumerAcknowledgedEveryLine() throws Exception {
        SyslogSender sender = SyslogSender.raw(connect()).get(10, TimeUnit.SECONDS);
        for (int i = 0; i < 10; i++) {
            sender.send("<13>line " + i).get(10, TimeUnit.SECONDS);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (acks.size() < 10 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(10, acks.size());
        CompletableFuture<?> finished = sender.finish();
        // The close reaches the collector well within this; before the fix it was accepted at once.
        Thread.sleep(500);
        assertFalse(finished.isDone(), "the close was accepted while the consumer held 10 lines");
        for (int i = 0; i < 9; i++) {
            acks.get(i).complete(null);
        }
        Thread.sleep(300);
        assertFalse(finished.isDone(), "the close was accepted while the consumer held a line");
        acks.get(9).complete(null);
        finished.get(10, TimeUnit.SECONDS);
        assertFalse(sender.channel().isOpen());
        assertTrue(acks.stream().allMatch(CompletableFuture::isDone));
    }
}
