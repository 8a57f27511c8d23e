package io.beepkit.netty.reconnect;

import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.ManagedSession;
import io.beepkit.netty.ReconnectPolicy;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.test.TeardownExtension;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A managed session whose client starts TLS on connect runs the handshake again on every reconnection. */
class ManagedSessionTlsTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    BeepServer server;
    BeepClient client;
    ManagedSession managed;

    static BeepServer listen(int port, TlsConfig tls) throws Exception {
        for (int i = 0; ; i++) {
            BeepServer s = BeepServer.builder().bind("127.0.0.1", port).tls(tls).tlsRequired().build();
            try {
                s.start().get(10, TimeUnit.SECONDS);
                return s;
            } catch (ExecutionException e) {
                s.close(); // the old listener's port is not free yet
                if (i == 50) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    @Test
    void tlsOnConnectRunsAgainOnTheNewConnection() throws Exception {
        TestPki ca = TestPki.create("beepkit test CA");
        TlsConfig listenerTls = TlsConfig.builder()
                .keyMaterial(ca.server("localhost", "localhost", "127.0.0.1").material()).build();
        server = teardown.add(listen(0, listenerTls));
        int port = server.port();
        client = teardown.add(BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust()).build()).tlsOnConnect().build());
        managed = teardown.add(client.managedSession("localhost", port)
                .policy(ReconnectPolicy.builder().initialDelay(Duration.ofMillis(50)).maxDelay(Duration.ofMillis(300))
                        .awaitConnection(Duration.ofSeconds(20)).build())
                .channel(StandardProfiles.ECHO).start());
        BeepSession first = managed.whenConnected().get(10, TimeUnit.SECONDS);
        assertTrue(first.isSecure());

        server.close();
        server = teardown.add(listen(port, listenerTls));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (managed.reconnects() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals("again", managed.channel(StandardProfiles.ECHO).send(MimeEntity.of("again"))
                .get(30, TimeUnit.SECONDS).entity().bodyText());
        BeepSession second = managed.session();
        assertNotSame(first, second);
        assertTrue(second.isSecure(), "the new connection is secured");
        assertEquals(1, managed.reconnects());
    }
}
