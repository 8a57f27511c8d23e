package io.beepkit.test;

import io.beepkit.api.BeepSession;
import io.beepkit.core.profiles.StandardProfiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.InetSocketAddress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A listener started by the extension, reached over 127.0.0.1 with the sessions it opens. */
class BeepListenerExtensionTest {
    @RegisterExtension
    static BeepListenerExtension listener = BeepListenerExtension.builder()
            .profile(Exchanges.UPPER, Exchanges.upper())
            .build();

    @Test
    void listensOnLoopbackAndAFreePort() {
        InetSocketAddress address = listener.address();
        assertTrue(address.getAddress().isLoopbackAddress(), address.toString());
        assertNotEquals(0, listener.port());
        assertEquals(listener.port(), address.getPort());
    }

    @Test
    void echoesOverASessionItOpened() throws Exception {
        BeepSession session = listener.openSession();
        assertEquals(listener.address(), session.remoteAddress());
        assertEquals("over loopback", Exchanges.echo(session, "over loopback"));
    }

    @Test
    void servesTheProfileGivenBesideTheDefaults() throws Exception {
        BeepSession session = listener.openSession();
        assertTrue(session.peerProfiles().contains(StandardProfiles.ECHO), session.peerProfiles().toString());
        assertEquals("SHOUTED", Exchanges.exchange(session, Exchanges.UPPER, "shouted"));
    }
}
