package io.beepkit.syslog;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link SyslogSender#closeAsync()} ends the exchange once, and {@code close()} never waits on a callback thread. */
class SyslogSenderCloseTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    final LinkedBlockingQueue<SyslogMessage> received = new LinkedBlockingQueue<>();
    BeepServer server;
    BeepClient client;

    private BeepSession connect() throws Exception {
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            received.add(m);
            return SyslogConsumer.HANDLED;
        }).build();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build());
        server.start().get(10, TimeUnit.SECONDS);
        client = teardown.add(BeepClient.builder().build());
        return client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
    }

    @Test
    void closeAsyncEndsTheExchangeOnceAndEveryCallSeesTheSameOutcome() throws Exception {
        SyslogSender sender = SyslogSender.raw(connect()).get(10, TimeUnit.SECONDS);
        sender.send("<13>before close").get(10, TimeUnit.SECONDS);
        CompletableFuture<?> first = sender.closeAsync();
        CompletableFuture<?> second = sender.closeAsync();
        first.complete(null); // a caller completing its copy changes nothing
        second.get(10, TimeUnit.SECONDS);
        sender.closeAsync().get(10, TimeUnit.SECONDS);
        assertFalse(sender.channel().isOpen());
        assertEquals("<13>before close", received.poll(10, TimeUnit.SECONDS).text());
    }

    @Test
    void closeInsideACallbackReturnsWithoutWaiting() throws Exception {
        SyslogSender sender = SyslogSender.cooked(connect(), null).get(10, TimeUnit.SECONDS);
        CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        CompletableFuture<Long> tookNanos = new CompletableFuture<>();
        // The acknowledgement completes on the session's callback executor: closing there must not wait for the
        // close, whose answer arrives through the same executor.
        sender.send("<13>entry").thenRun(() -> {
            long start = System.nanoTime();
            try {
                sender.close();
                thrown.complete(null);
            } catch (Throwable t) {
                thrown.complete(t);
            }
            tookNanos.complete(System.nanoTime() - start);
        });
        assertNull(thrown.get(10, TimeUnit.SECONDS));
        assertTrue(tookNanos.get() < TimeUnit.SECONDS.toNanos(1), "close() waited inside a callback");
        sender.closeAsync().get(10, TimeUnit.SECONDS);
        assertFalse(sender.channel().isOpen());
    }
}
