package io.beepkit.netty.tuning;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.SocketTuning;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The session's window budget bounds what windows above the RFC's 4096 octets can add up to, but never gives a
 * channel less than 4096 (RFC 3081 §3.1.1: every channel starts with a 4096-octet window).
 */
class WindowBudgetTest {
    @Test
    void budgetNeverTakesAChannelBelow4096() throws Exception {
        // 64 KiB windows, budget 4 x 64 KiB: four channels get the profile's window, the rest the RFC's 4096.
        SocketTuning p = SocketTuning.of("custom", SocketTuning.DEFAULT.socket(),
                SocketTuning.DEFAULT.flow().toBuilder().initialWindow(65536).maxWindow(65536).build());
        SessionConfig config = SessionConfig.builder().tuning(p).build();
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).build().start().get(5, TimeUnit.SECONDS);
             BeepClient client = BeepClient.builder().session(config).build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            List<BeepChannel> channels = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                channels.add(s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS));
            }
            for (int i = 0; i < 8; i++) {
                assertEquals(i < 4 ? 65536 : 4096, channels.get(i).localWindow(), "channel " + channels.get(i).number());
            }
            s.close().get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void legacyProfileGivesEveryChannelTheFull4096() throws Exception {
        SessionConfig config = SessionConfig.builder().tuning(SocketTuning.LEGACY).build();
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).build().start().get(5, TimeUnit.SECONDS);
             BeepClient client = BeepClient.builder().session(config).build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            for (int i = 0; i < 10; i++) {
                BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
                assertEquals(4096, ch.localWindow(), "channel " + ch.number());
            }
            s.close().get(5, TimeUnit.SECONDS);
        }
    }
}
