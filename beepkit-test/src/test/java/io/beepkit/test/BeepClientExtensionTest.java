package io.beepkit.test;

import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client extension against a listener started elsewhere (here by the test itself, as an application under test
 * would), its port known only once it runs; and against the listener extension.
 */
class BeepClientExtensionTest {
    static BeepServer application;

    @RegisterExtension
    static BeepListenerExtension listener = BeepListenerExtension.builder().noDefaultProfiles()
            .profile(Exchanges.UPPER, Exchanges.upper())
            .build();

    @RegisterExtension
    BeepClientExtension client = BeepClientExtension.builder()
            .target("127.0.0.1", () -> application.port())
            .build();

    @BeforeAll
    static void startApplication() throws Exception {
        application = BeepServer.builder().bind("127.0.0.1", 0).build().start().get(20, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stopApplication() {
        application.close();
    }

    @Test
    void echoesThroughTheTargetSession() throws Exception {
        BeepSession session = client.session();
        assertEquals(application.port(), ((java.net.InetSocketAddress) session.remoteAddress()).getPort());
        assertEquals("hello", Exchanges.echo(session, "hello"));
        assertSame(session, client.session(), "one target session per scope");
    }

    @Test
    void connectsToTheListenerExtension() throws Exception {
        BeepSession session = client.connect("127.0.0.1", listener.port());
        assertNotSame(session, client.session());
        assertEquals(listener.address(), session.remoteAddress());
        assertEquals("BOTH", Exchanges.exchange(session, Exchanges.UPPER, "both"));
        assertTrue(session.isOpen());
    }
}
