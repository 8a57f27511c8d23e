package io.beepkit.netty.conformance;

import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CONFORMANCE #14: each peer sends its greeting at once; #1: a malformed header terminates. */
class GreetingConformanceTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    BeepServer server;

    @BeforeEach
    void start() {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).build().start().join());
    }

    @Test
    @DisplayName("#14 listener greets before hearing the initiator's greeting")
    void listenerGreetsWithoutWaitingForInitiator() throws Exception {
        try (ScriptedPeer peer = ScriptedPeer.connect(server.port())) {
            ReadFrame greeting = peer.readDataFrame();
            assertEquals(FrameType.RPY, greeting.type());
            assertEquals(0, greeting.header().channel());
            assertEquals(0, greeting.header().msgno());
            assertTrue(greeting.text().contains("<greeting"), greeting.toString());
            assertTrue(greeting.text().contains(StandardProfiles.ECHO), greeting.toString());
        }
    }

    @Test
    @DisplayName("#1 a lower-case keyword terminates the session")
    void lowerCaseKeywordTerminates() throws Exception {
        try (ScriptedPeer peer = ScriptedPeer.connect(server.port())) {
            peer.readDataFrame();
            peer.sendGreeting();
            peer.sendRaw("msg 0 1 . 0 0\r\nEND\r\n");
            peer.readUntilClosed();
        }
    }
}
