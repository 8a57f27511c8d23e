package io.beepkit.syslog.interop;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogFormat;
import io.beepkit.syslog.SyslogIdentity;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogSender;
import io.beepkit.syslog.SyslogTransport;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * RFC 3195 against rsyslog's liblogging (C): its sender into our collector and our sender into its collector, over
 * 127.0.0.1, on both profiles. Skipped unless {@value LibloggingPeer#ENV} names the built peer programs.
 */
class LibloggingInteropTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final int COUNT = 300;
    private Path dir;
    private BeepServer server;
    private BeepClient client;
    private final LinkedBlockingQueue<SyslogMessage> received = new LinkedBlockingQueue<>();

    @BeforeEach
    void peer() {
        dir = LibloggingPeer.dir();
        assumeTrue(dir != null, LibloggingPeer.skipReason());
    }

    private int collector() {
        SyslogConsumer consumer = m -> {
            received.add(m);
            return SyslogConsumer.HANDLED;
        };
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profiles(SyslogCollector.builder().consumer(consumer).legacyUris(true).build().register(new ProfileRegistry()))
                .build().start().join());
        return server.port();
    }

    private static List<String> lines(String what) {
        return lines(what, COUNT);
    }

    private static List<String> lines(String what, int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add("<" + (8 * 4 + i % 8) + ">Oct 11 22:14:15 llhost " + what + "[" + i + "]: message " + i + " <x> 'q'");
        }
        return lines;
    }

    private void expectAll(SyslogTransport transport) throws InterruptedException {
        for (int i = 0; i < COUNT; i++) {
            SyslogMessage m = received.poll(10, TimeUnit.SECONDS);
            assertNotNull(m, "message " + i + " did not arrive");
            assertEquals(transport, m.transport());
            assertEquals(SyslogFormat.RFC3164, m.format(), m.text());
            assertEquals(String.valueOf(i), m.procId(), "in order: " + m.text());
            assertEquals("message " + i + " <x> 'q'", m.message());
            assertEquals(i % 8, m.severity(), m.text());
        }
    }

    /**
     * liblogging's RAW device numbers every frame it sends with the next msgno of the channel, so its second ANS
     * claims to answer a msgno we never sent: RFC 3080 §2.6.2 says terminate, and we do, after delivering the first
     * line (the one that was conformant).
     */
    @Test
    void libloggingRawSenderIntoOurCollectorDeliversItsConformantFirstAnswer() throws Exception {
        int port = collector();
        LibloggingPeer.send(dir, port, "raw", lines("raw")); // it does not notice the session ending
        SyslogMessage m = received.poll(10, TimeUnit.SECONDS);
        assertNotNull(m, "the first line did not arrive");
        assertEquals(SyslogTransport.RAW, m.transport());
        assertEquals("0", m.procId());
        assertEquals(null, received.poll(500, TimeUnit.MILLISECONDS), "nothing after the msgno violation");
    }

    /** One line per session arrives whole, although liblogging's NUL that follows breaks the same msgno rule. */
    @Test
    void libloggingRawSenderOneLinePerSession() throws Exception {
        int port = collector();
        for (int i = 0; i < 5; i++) {
            String line = "<34>Oct 11 22:14:15 llhost raw[" + i + "]: single " + i;
            assertEquals("0: sent 1", LibloggingPeer.send(dir, port, "raw", List.of(line)));
            SyslogMessage m = received.poll(10, TimeUnit.SECONDS);
            assertNotNull(m, "line " + i + " did not arrive");
            assertEquals(line, m.text());
        }
    }

    @Test
    void libloggingCookedSenderIntoOurCollector() throws Exception {
        int port = collector();
        assertEquals("0: sent " + COUNT, LibloggingPeer.send(dir, port, "cooked", lines("cooked")));
        SyslogMessage first = received.peek();
        expectAll(SyslogTransport.COOKED);
        assertNotNull(first.peer(), "liblogging sends <iam> as its first MSG");
        assertEquals("device", first.peer().type());
        assertEquals("127.0.0.1", first.deviceIp());
    }

    /**
     * liblogging's collector counts each frame's header against the window and crashes on any SEQ, so it stalls once
     * about 4096 octets of its own frames (some 130 COOKED replies) went out unacknowledged; RAW replies nothing and
     * runs on. The COOKED run stays below that.
     */
    private void ourSenderIntoLiblogging(boolean raw) throws Exception {
        int count = raw ? COUNT : 100;
        int port = LibloggingPeer.freePort();
        try (LibloggingPeer.Listener listener = new LibloggingPeer.Listener(dir, port)) {
            // liblogging's collector cannot take a SEQ frame (it crashes): the device's channels keep RFC 3081's
            // default 4096-octet window whatever the socket profile, so the default client needs no setting.
            client = teardown.add(BeepClient.builder().build());
            BeepSession s = client.connect("127.0.0.1", port).get(5, TimeUnit.SECONDS);
            SyslogSender sender = raw ? SyslogSender.raw(s).get(5, TimeUnit.SECONDS)
                    : SyslogSender.cooked(s, new SyslogIdentity("beepkit.test", "127.0.0.1", "device"))
                    .get(5, TimeUnit.SECONDS);
            List<String> lines = lines(raw ? "ours-raw" : "ours-cooked", count);
            for (String line : lines) {
                sender.send(line).get(10, TimeUnit.SECONDS);
            }
            sender.finish().get(10, TimeUnit.SECONDS);
            for (int i = 0; i < count; i++) {
                String got = listener.nextMessage();
                assertNotNull(got, "liblogging did not report message " + i + "; output so far " + listener.lines);
                assertTrue(got.startsWith("MSG source=" + (raw ? 2 : 3) + " facility=4 severity=" + i % 8 + " "), got);
                assertTrue(got.endsWith("raw=" + lines.get(i)), got);
            }
            s.close().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void ourRawSenderIntoLibloggingCollector() throws Exception {
        ourSenderIntoLiblogging(true);
    }

    @Test
    void ourCookedSenderIntoLibloggingCollector() throws Exception {
        ourSenderIntoLiblogging(false);
    }
}
