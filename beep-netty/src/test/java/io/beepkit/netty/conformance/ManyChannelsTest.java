package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CONFORMANCE #26 (RFC 3080 §2.7), second half: at least 257 concurrent channels per session, each in use. */
class ManyChannelsTest extends LibraryPeersTest {
    static final int CHANNELS = 300;

    @Override
    BeepClient.Builder initiator(BeepClient.Builder builder) {
        return builder.profile(StandardProfiles.ECHO, StandardProfiles.echo());
    }

    /** Starts {@code n} channels from {@code s} at once, then echoes one message on each at once. */
    private static List<BeepChannel> startAndEcho(BeepSession s, int n) throws Exception {
        List<CompletableFuture<BeepChannel>> starting = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            starting.add(s.startChannel(StandardProfiles.ECHO));
        }
        List<BeepChannel> channels = new ArrayList<>();
        for (CompletableFuture<BeepChannel> f : starting) {
            channels.add(f.get(TIMEOUT, TimeUnit.SECONDS));
        }
        List<CompletableFuture<Reply>> replies = new ArrayList<>();
        for (BeepChannel ch : channels) {
            replies.add(ch.send(MimeEntity.of("on " + ch.number())));
        }
        for (int i = 0; i < n; i++) {
            assertEquals("on " + channels.get(i).number(),
                    replies.get(i).get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        }
        Set<Integer> numbers = new HashSet<>();
        channels.forEach(c -> numbers.add(c.number()));
        assertEquals(n, numbers.size(), "channel numbers must be distinct");
        return channels;
    }

    @Test
    @DisplayName("#26 300 concurrent channels started by the initiator on one session, each doing an echo")
    void threeHundredConcurrentChannelsFromTheInitiator() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepSession listenerSide = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
        List<BeepChannel> channels = startAndEcho(s, CHANNELS);
        assertTrue(channels.stream().allMatch(c -> c.number() % 2 == 1));
        assertEquals(CHANNELS, s.channels().size());
        assertEquals(CHANNELS, listenerSide.channels().size());
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("#26 300 concurrent channels started by the listener towards the initiator, each doing an echo")
    void threeHundredConcurrentChannelsFromTheListener() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepSession listenerSide = serverSessions.poll(TIMEOUT, TimeUnit.SECONDS);
        assertNotNull(listenerSide);
        List<BeepChannel> channels = startAndEcho(listenerSide, CHANNELS);
        assertTrue(channels.stream().allMatch(c -> c.number() % 2 == 0));
        assertEquals(CHANNELS, s.channels().size());
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("#26 a scripted initiator opens 257 channels and gets an echo on each, all frames in sequence")
    void twoHundredFiftySevenChannelsOnTheWire() throws Exception {
        int n = 257;
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            for (int i = 0; i < n; i++) {
                if (peer.ourWindowOpen(0) < 2048) {
                    peer.seq(0, 4096); // 257 start replies exceed channel 0's initial window
                }
                peer.startChannel(2 * i + 1, StandardProfiles.ECHO);
            }
            for (int i = 0; i < n; i++) {
                peer.send("MSG", 2 * i + 1, 0, false, "\r\nch" + (2 * i + 1));
            }
            Set<Integer> answered = new HashSet<>();
            while (answered.size() < n) {
                ReadFrame f = peer.readUntil(x -> x.type() != FrameType.SEQ && x.header().channel() != 0);
                assertEquals(FrameType.RPY, f.type(), f.toString());
                assertEquals("\r\nch" + f.header().channel(), f.text());
                assertTrue(answered.add(f.header().channel()), "two replies on " + f);
            }
        }
    }
}
