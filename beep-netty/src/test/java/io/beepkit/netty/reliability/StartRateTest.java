package io.beepkit.netty.reliability;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ResourceLimitException;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The limit on channel starts per second: once the burst (here the channel limit) is used up, starts get ERR 421 (a
 * transient refusal: try again later) and the session stays; a peer that goes on through more refusals in a row than
 * the rate is terminated; after a second the peer may start channels again. The starts ask for a profile nobody
 * offers, so the admitted ones are answered with ERR 550 and no channel limit gets in the way.
 */
class StartRateTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final int LIMIT = 5;

    BeepServer server;
    final BlockingQueue<BeepSession> sessions = new LinkedBlockingQueue<>();

    private void startServer() {
        startServer(LIMIT);
    }

    private void startServer(int perSecond) {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).onSession(sessions::add).session(SessionConfig.builder()
                .limits(SessionLimits.builder().maxStartsPerSecond(perSecond).maxChannels(LIMIT).build()).build())
                .build().start().join());
    }

    @Test
    @DisplayName("starts beyond the burst get ERR 421; a second later starts are admitted again")
    void startsBeyondTheLimitAreRefused() throws Exception {
        startServer();
        try (ScriptedPeer peer = ScriptedPeer.connect(server.port())) {
            Starter starter = new Starter(peer);
            starter.send(2 * LIMIT);
            for (int i = 0; i < 2 * LIMIT; i++) {
                ReadFrame f = peer.readDataFrame();
                assertEquals(i + 1, f.header().msgno());
                assertEquals(FrameType.ERR, f.type(), f::toString);
                String code = i < LIMIT ? "code='550'" : "code='421'";
                assertTrue(f.text().contains(code), i + ": " + f.text());
                if (i >= LIMIT) {
                    assertTrue(f.text().contains("channel starts faster than 5 per second"), f.text());
                }
            }
            Thread.sleep(1_100);
            starter.send(1);
            ReadFrame f = peer.readDataFrame();
            assertTrue(f.text().contains("code='550'"), "refused for the rate after the second had passed: " + f);
            assertTrue(sessions.poll(5, TimeUnit.SECONDS).isOpen());
        }
    }

    @Test
    @DisplayName("a peer that sends as many refused starts again within the second is terminated")
    void persistentPeerIsTerminated() throws Exception {
        startServer();
        try (ScriptedPeer peer = ScriptedPeer.connect(server.port())) {
            new Starter(peer).send(2 * LIMIT + 1);
            List<ReadFrame> seen = peer.readUntilClosed();
            // Replies still being decided or waiting their turn are not sent: the session ends at once.
            assertTrue(seen.stream().filter(f -> f.type() != FrameType.SEQ).count() <= 2 * LIMIT, seen::toString);
            DefaultBeepSession session = (DefaultBeepSession) sessions.poll(5, TimeUnit.SECONDS);
            session.closeFuture().get(5, TimeUnit.SECONDS);
            ResourceLimitException e = assertInstanceOf(ResourceLimitException.class, session.closeCause().getCause());
            assertEquals("channel starts faster than 5 per second, going on after 5 refusals in a row", e.getMessage());
        }
    }

    @Test
    @DisplayName("a start over the rate gets ERR 421 before its XML is parsed: a broken one is refused for the rate, not as malformed")
    void startOverTheRateIsRefusedUnparsed() throws Exception {
        startServer(1); // a burst of LIMIT starts, then one a second: no refill within the test's one write
        try (ScriptedPeer peer = ScriptedPeer.connect(server.port())) {
            Starter starter = new Starter(peer);
            String broken = "<start number='%d'><profile uri='urn:beepkit:test:x'/></strat>";
            String fine = "<start number='%d'><profile uri='urn:beepkit:test:nobody-offers-this'/></start>";
            // The first within the rate: parsed, and refused as malformed; the last over the rate: refused unparsed.
            starter.sendXml(broken, fine, fine, fine, fine, broken);
            List<String> replies = new java.util.ArrayList<>();
            for (int i = 0; i < LIMIT + 1; i++) {
                ReadFrame f = peer.readDataFrame();
                assertEquals(FrameType.ERR, f.type(), f::toString);
                replies.add(f.text().replaceAll("(?s).*code='(\\d+)'.*", "$1"));
            }
            assertEquals(List.of("500", "550", "550", "550", "550", "421"), replies);
            assertTrue(sessions.poll(5, TimeUnit.SECONDS).isOpen());
        }
    }

    /** Greets as a raw initiator and sends start requests on odd channel numbers, all in one write. */
    private static final class Starter {
        final ScriptedPeer peer;
        long seqno;
        int msgno = 1;
        int channel = 1;

        Starter(ScriptedPeer peer) throws Exception {
            this.peer = peer;
            peer.readDataFrame(); // the listener's greeting
            String greeting = ScriptedPeer.mgmt("<greeting/>");
            peer.sendFrame("RPY", 0, 0, '.', 0, greeting);
            seqno = greeting.length();
        }

        void send(int starts) throws Exception {
            StringBuilder all = new StringBuilder();
            for (int i = 0; i < starts; i++) {
                all.append(frame("<start number='%d'><profile uri='urn:beepkit:test:nobody-offers-this'/></start>"));
            }
            peer.sendRaw(all.toString());
        }

        /** Sends start requests in one write, each {@code xml} with its {@code %d} replaced by a channel number. */
        void sendXml(String... xml) throws Exception {
            StringBuilder all = new StringBuilder();
            for (String x : xml) {
                all.append(frame(x));
            }
            peer.sendRaw(all.toString());
        }

        private String frame(String xml) {
            String start = ScriptedPeer.mgmt(String.format(xml, channel));
            String frame = "MSG 0 " + msgno++ + " . " + seqno + " " + start.length() + "\r\n" + start + "END\r\n";
            seqno += start.length();
            channel += 2;
            return frame;
        }
    }
}
