package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.TransferStats;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the API hands out cannot change the engine's state: futures are copies, counters are snapshots; and the
 * configuration types keep every setting through {@code toBuilder()}. Over real sockets on 127.0.0.1.
 */
class ApiValuesTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    BeepServer server;
    BeepClient client;

    private BeepChannel echoChannel() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).build());
        server.start().get(10, TimeUnit.SECONDS);
        client = teardown.add(BeepClient.builder().build());
        BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
        return session.startChannel(StandardProfiles.ECHO).get(10, TimeUnit.SECONDS);
    }

    @Test
    void completingOrCancellingASessionsCloseFutureNeitherClosesNorDropsIt() throws Exception {
        BeepChannel channel = echoChannel();
        BeepSession session = channel.session();
        BeepSession served = server.sessions().get(0);
        served.closeFuture().complete(null);
        session.closeFuture().cancel(true);

        assertTrue(session.isOpen());
        assertTrue(served.isOpen());
        assertEquals(1, server.sessions().size(), "the server dropped a session whose close future a caller completed");
        assertEquals("still here", channel.send(MimeEntity.of("still here")).get(10, TimeUnit.SECONDS)
                .entity().bodyText());
        assertTrue(!session.closeFuture().isDone());
    }

    @Test
    void transferStatsAreSnapshotsThatAddAndSubtract() throws Exception {
        BeepChannel channel = echoChannel();
        TransferStats before = channel.stats();
        channel.send(MimeEntity.of("12345")).get(10, TimeUnit.SECONDS);
        TransferStats after = channel.stats();

        assertEquals(0, before.minus(before).framesSent());
        TransferStats delta = after.minus(before);
        assertEquals(1, delta.messagesSent());
        assertTrue(delta.bytesSent() > 5, "MIME headers and body: " + delta);
        assertEquals(after, before.plus(delta));
        assertNotEquals(before, after, "a snapshot changed after it was taken, or the counters did not move");
        assertEquals(TransferStats.ZERO, TransferStats.ZERO.plus(TransferStats.ZERO));
    }

    @Test
    void configurationTypesKeepEverySettingThroughToBuilder() {
        SocketTuning custom = SocketTuning.of("custom", SocketTuning.BOUNDED.socket(),
                SocketTuning.BOUNDED.flow().toBuilder().window(8192).build());
        assertEquals(custom, SocketTuning.of("custom", custom.socket(), custom.flow().toBuilder().build()));
        assertEquals(custom.hashCode(), SocketTuning.of("custom", custom.socket().toBuilder().build(),
                custom.flow()).hashCode());
        assertNotEquals(SocketTuning.BOUNDED, custom);

        SessionConfig config = SessionConfig.builder().tuning(custom)
                .limits(SessionLimits.builder().maxChannels(7).idleTimeout(Duration.ofSeconds(3)).build())
                .features("x").build();
        SessionConfig copy = config.toBuilder().build();
        assertEquals(custom.socket(), copy.socket());
        assertEquals(custom.flow(), copy.flow());
        assertEquals(7, copy.limits().maxChannels());
        assertEquals("x", copy.features());
        assertEquals(Duration.ofSeconds(3), copy.limits().idleTimeout());
        assertEquals(config.toString(), copy.toString());
    }

    @Test
    void configEqualityHashAndTextCoverEverySetting() {
        SessionConfig config = SessionConfig.builder()
                .flow(FlowSettings.builder().seqDelay(Duration.ofMillis(2)).build())
                .limits(SessionLimits.builder().maxChannels(7).build()).build();
        SessionConfig copy = config.toBuilder().build();
        assertEquals(config, copy);
        assertEquals(config.hashCode(), copy.hashCode());
        assertNotEquals(config, config.toBuilder()
                .flow(config.flow().toBuilder().seqDelay(Duration.ofMillis(3)).build()).build());
        assertNotEquals(config, config.toBuilder()
                .livenessProbe(LivenessProbe.of(Duration.ofSeconds(30), Duration.ofSeconds(5))).build());
        String text = config.toString();
        assertTrue(text.startsWith("SessionConfig[socket=" + SocketOptions.defaults() + ", flow=FlowSettings["),
                text);
        assertTrue(text.contains(", maxChannels=7, ") && text.contains(", seqDelay=PT0.002S]"), text);
        assertTrue(text.endsWith(", observer=" + config.observer() + "]"), text);
    }
}
