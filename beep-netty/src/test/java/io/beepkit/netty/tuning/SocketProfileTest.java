package io.beepkit.netty.tuning;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.BeepSessions;
import io.beepkit.netty.EffectiveSocketOptions;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.SocketOptions;
import io.beepkit.netty.BeepResources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Profiles are applied on the right side of each socket and read back as the kernel reports them. */
class SocketProfileTest {

    @ParameterizedTest
    @ValueSource(strings = {"default", "bulk", "bounded", "legacy"})
    void optionsAreReadBackOnBothSides(String name) throws Exception {
        SocketTuning p = SocketTuning.named(name);
        for (boolean nativeTransport : new boolean[] {true, false}) {
            SessionConfig config = SessionConfig.builder().tuning(p).build();
            try (BeepResources resources = BeepResources.builder().nativeTransport(nativeTransport).build();
                 BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).session(config).resources(resources)
                         .build().start().join();
                 BeepClient client = BeepClient.builder().session(config).resources(resources).build()) {
                BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
                EffectiveSocketOptions mine = BeepSessions.socketOptions(s);
                check(p, mine);
                BeepSession accepted = server.sessions().get(0);
                check(p, BeepSessions.socketOptions(accepted));
                if (!nativeTransport) {
                    assertEquals("nio", mine.transport());
                }
                s.close().get(5, TimeUnit.SECONDS);
            }
        }
    }

    private static void check(SocketTuning t, EffectiveSocketOptions o) {
        SocketOptions p = t.socket();
        assertEquals(p.tcpNoDelay(), o.tcpNoDelay(), "TCP_NODELAY of " + t.name() + ": " + o);
        assertEquals(p.writeBufferLow(), o.writeBufferLow(), o.toString());
        assertEquals(p.writeBufferHigh(), o.writeBufferHigh(), o.toString());
        if (p.receiveBuffer() > 0) {
            // Linux doubles the value and caps it at net.core.rmem_max; it is never below what was asked for
            // unless the cap is lower, and never the untouched default of autotuning.
            assertTrue(o.receiveBuffer() > 0, o.toString());
        }
        if (p.sendBuffer() > 0) {
            assertTrue(o.sendBuffer() > 0, o.toString());
        }
    }

    @Test
    void boundedProfileFixesSmallBuffers() throws Exception {
        SocketTuning p = SocketTuning.BOUNDED;
        SessionConfig config = SessionConfig.builder().tuning(p).build();
        try (BeepResources resources = BeepResources.builder().nativeTransport(false).build();
             BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).session(config).resources(resources)
                     .build().start().join();
             BeepClient client = BeepClient.builder().session(config).resources(resources).build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            EffectiveSocketOptions o = BeepSessions.socketOptions(s);
            assertTrue(o.receiveBuffer() <= 4 * p.socket().receiveBuffer(), "SO_RCVBUF stays bounded: " + o);
            s.close().get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void customProfilesStartFromBuiltIns() {
        SocketTuning custom = SocketTuning.of("mine",
                SocketTuning.DEFAULT.socket().toBuilder().receiveBuffer(128 * 1024).build(),
                SocketTuning.DEFAULT.flow().toBuilder().window(8192).build());
        assertEquals(8192, custom.flow().initialWindow());
        assertEquals(8192, custom.flow().maxWindow());
        assertTrue(SocketTuning.DEFAULT.socket().tcpNoDelay());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(1).build()));
        assertTrue(e.getMessage().contains("1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SocketTuning.named("fast"));
    }

    @Test
    void receiveWindowGrowsWhenTheWindowLimitsABulkTransfer() throws Exception {
        SocketTuning p = SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().initialWindow(4096).maxWindow(256 * 1024).build());
        SessionConfig config = SessionConfig.builder().tuning(p).build();
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).session(config).build().start().join();
             BeepClient client = BeepClient.builder().session(config).build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            BeepChannel ch = s.startChannel(StandardProfiles.SINK).get(5, TimeUnit.SECONDS);
            byte[] chunk = new byte[64 * 1024];
            for (int i = 0; i < 64; i++) {
                ch.send(MimeEntity.of(chunk)).get(5, TimeUnit.SECONDS);
            }
            assertTrue(ch.remoteWindow() > 4096, "the listener grew its window: " + ch.remoteWindow());
            assertTrue(ch.remoteWindow() <= 256 * 1024, "within the maximum: " + ch.remoteWindow());
            s.close().get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void fixedWindowNeverGrows() throws Exception {
        SocketTuning p = SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().window(4096).build());
        SessionConfig config = SessionConfig.builder().tuning(p).build();
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).session(config).build().start().join();
             BeepClient client = BeepClient.builder().session(config).build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            BeepChannel ch = s.startChannel(StandardProfiles.SINK).get(5, TimeUnit.SECONDS);
            for (int i = 0; i < 16; i++) {
                ch.send(MimeEntity.of(new byte[64 * 1024])).get(5, TimeUnit.SECONDS);
            }
            assertEquals(4096, ch.remoteWindow());
            assertEquals(4096, ch.localWindow());
            assertTrue(ch.effectiveTransferSize() <= 4096);
            s.close().get(5, TimeUnit.SECONDS);
        }
    }
}
