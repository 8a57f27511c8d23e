package io.beepkit.netty.tuning;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ChannelRequest.Builder#receiveWindow}: a channel may keep the window every channel starts with (RFC 3081
 * §3.1.1, 4096 octets), announcing nothing, or fix another one, which never grows.
 */
class ChannelReceiveWindowTest {
    /** Traces the client's frames, runs {@code request} on a fresh session, echoes {@code size} octets. */
    private static List<String> clientFrames(ChannelRequest request, int size, int messages) throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        SessionConfig traced = SessionConfig.builder().frameTracer(lines::add).build();
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).build().start().join();
             BeepClient client = BeepClient.builder().session(traced).build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
            BeepChannel ch = s.startChannel(request).get(10, TimeUnit.SECONDS);
            for (int i = 0; i < messages; i++) {
                ch.send(MimeEntity.of("x".repeat(size))).get(10, TimeUnit.SECONDS);
            }
            s.close().get(10, TimeUnit.SECONDS);
        }
        return lines;
    }

    @Test
    void rfc3081_3_1_1_aChannelKeepingTheDefaultWindowSendsNoSeq() throws Exception {
        List<String> lines = clientFrames(ChannelRequest.builder().profile(StandardProfiles.ECHO)
                .receiveWindow(4096).build(), 10, 3);
        assertTrue(lines.contains("-> MSG 1 2 . 24 12"), lines.toString());
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("-> SEQ 1 ")), lines.toString());
    }

    @Test
    void withoutAFixedWindowTheProfilesLargerWindowIsAnnounced() throws Exception {
        List<String> lines = clientFrames(ChannelRequest.of(StandardProfiles.ECHO), 10, 1);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("-> SEQ 1 0 ")), lines.toString());
    }

    @Test
    void aFixedWindowIsAnnouncedOnceAndNeverGrows() throws Exception {
        List<String> lines = clientFrames(ChannelRequest.builder().profile(StandardProfiles.ECHO)
                .receiveWindow(16_384).build(), 12_000, 40);
        assertTrue(lines.contains("-> SEQ 1 0 16384"), lines.toString());
        List<String> seqs = lines.stream().filter(l -> l.startsWith("-> SEQ 1 ")).toList();
        assertTrue(seqs.size() > 1, "credit was given back as replies arrived: " + seqs);
        for (String seq : seqs) {
            int window = Integer.parseInt(seq.substring(seq.lastIndexOf(' ') + 1));
            assertTrue(window <= 16_384, "the window never grows past the fixed size: " + seq);
        }
    }

    @Test
    void aWindowBelowTheRfcDefaultIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ChannelRequest.builder().receiveWindow(100));
        assertTrue(e.getMessage().contains("100"), e.getMessage());
        assertEquals(0, ChannelRequest.of(StandardProfiles.ECHO).receiveWindow());
    }
}
