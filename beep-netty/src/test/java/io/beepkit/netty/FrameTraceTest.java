package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link SessionConfig#frameTracer()}: one line per frame, both directions, headers as on the wire. */
class FrameTraceTest {
    @Test
    void tracerSeesEveryFrameAndSeqBothWays() throws Exception {
        assertNull(SessionConfig.defaults().frameTracer());
        List<String> lines = new CopyOnWriteArrayList<>();
        SessionConfig traced = SessionConfig.builder().frameTracer(lines::add).build();
        assertEquals(traced.frameTracer(), traced.toBuilder().build().frameTracer());
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).build().start().join();
             BeepClient client = BeepClient.builder().session(traced).build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
            ch.send(MimeEntity.of("0123456789")).get(5, TimeUnit.SECONDS);
            s.close().get(5, TimeUnit.SECONDS);
        }
        assertTrue(lines.contains("-> MSG 1 0 . 0 12"), lines.toString());
        assertTrue(lines.contains("<- RPY 1 0 . 0 12"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("-> SEQ 1 0 ")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("<- SEQ 1 0 ")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("-> RPY 0 0 . 0 ")), lines.toString()); // our greeting
        assertTrue(lines.stream().allMatch(l -> l.matches("(->|<-) (MSG|RPY|ERR|ANS|NUL|SEQ) .*")), lines.toString());
    }
}
