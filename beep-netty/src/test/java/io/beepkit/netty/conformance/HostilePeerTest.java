package io.beepkit.netty.conformance;

import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Regression tests for attacks a hostile peer made over a real socket: a bare LF inside MIME headers (ERR 500 on
 * that message, session kept), SEQ acknos ahead of what was sent (termination), a forged log line through channel-0
 * XML (one escaped line, then counted), invalid UTF-8 in channel-0 XML (nothing on System.err).
 */
class HostilePeerTest extends LibraryPeersTest {
    private static final String BARE_LF_HEADERS = "Content-Type: text/plain\nX: y\r\n\r\nbody";

    @Test
    @DisplayName("a bare LF inside the MIME headers of a MSG is answered with ERR 500; the channel keeps working")
    void bareLfInMsgHeadersGetsErr500() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, StandardProfiles.ECHO);
            peer.send("MSG", 1, 0, false, BARE_LF_HEADERS);
            ReadFrame err = peer.readData();
            assertEquals(FrameType.ERR, err.type(), err.toString());
            assertEquals(1, err.header().channel());
            assertEquals(0, err.header().msgno());
            assertTrue(err.text().contains("code='500'") && err.text().contains("bare LF"), err.text());
            peer.send("MSG", 1, 1, false, "\r\nstill here");
            ReadFrame echo = peer.readData();
            assertEquals(FrameType.RPY, echo.type(), echo.toString());
            assertTrue(echo.text().endsWith("still here"), echo.toString());
        }
    }

    @Test
    @DisplayName("a bare LF inside the MIME headers of a channel-0 MSG is answered with ERR 500 on channel 0")
    void bareLfInChannelZeroHeadersGetsErr500() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.send("MSG", 0, 1, false, "Content-Type: application/beep+xml\nX: y\r\n\r\n<start number='1'>"
                    + "<profile uri='" + StandardProfiles.ECHO + "'/></start>");
            ReadFrame err = peer.readData();
            assertEquals(FrameType.ERR, err.type(), err.toString());
            assertEquals(0, err.header().channel());
            assertEquals(1, err.header().msgno());
            assertTrue(err.text().contains("code='500'"), err.text());
            peer.request("<start number='1'><profile uri='" + StandardProfiles.ECHO + "'/></start>");
        }
    }

    @Test
    @DisplayName("SEQ 1 2147483648 1 terminates the session instead of shrinking the window")
    void seqAckHalfTheSpaceAheadTerminates() throws Exception {
        assertSeqTerminates("SEQ 1 2147483648 1\r\n", "SEQ acknowledges 2147483648 but the next octet we send is 0");
    }

    @Test
    @DisplayName("SEQ 1 4294967295 0 terminates the session instead of shrinking the window")
    void seqAckBeforeSeqnoZeroTerminates() throws Exception {
        assertSeqTerminates("SEQ 1 4294967295 0\r\n", "SEQ acknowledges 4294967295");
    }

    private void assertSeqTerminates(String seq, String named) throws Exception {
        assertListenerTerminates(peer -> peer.sendRaw(seq), named);
    }

    @Test
    @DisplayName("a forged log line in channel-0 XML is logged once, escaped on one line; repeats are only counted")
    void forgedLogLineIsEscapedAndRateLimited() throws Exception {
        String forged = "<start number='1&#10;13:37:00.000 session #1 closed: FORGED'><profile uri='"
                + StandardProfiles.ECHO + "'/></start>";
        String log = captureStderr(() -> {
            try (WirePeer peer = WirePeer.initiator(server.port())) {
                for (int i = 0; i < 5; i++) {
                    ReadFrame err = peer.request(forged);
                    assertEquals(FrameType.ERR, err.type(), err.toString());
                    assertTrue(err.text().contains("code='500'"), err.text());
                }
                peer.startChannel(1, StandardProfiles.ECHO);
            }
        });
        List<String> lines = Arrays.asList(log.split("\n"));
        List<String> warnings = lines.stream().filter(l -> l.contains("malformed channel-0 MSG")).toList();
        assertEquals(1, warnings.size(), () -> "expected one WARN, got: " + log);
        assertTrue(warnings.get(0).contains("number='1\\n13:37:00.000 session #1 closed: FORGED'"), warnings.get(0));
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("13:37")), () -> "a forged line reached the log: " + log);
    }

    @Test
    @DisplayName("invalid UTF-8 in channel-0 XML gets ERR 500 and prints no [Fatal Error] to System.err")
    void invalidUtf8InChannelZeroXmlPrintsNothing() throws Exception {
        String log = captureStderr(() -> {
            try (WirePeer peer = WirePeer.initiator(server.port())) {
                byte[] head = "Content-Type: application/beep+xml\r\n\r\n<start number='1'>".getBytes(StandardCharsets.US_ASCII);
                byte[] payload = Arrays.copyOf(head, head.length + 2);
                payload[head.length] = (byte) 0xC3;
                payload[head.length + 1] = (byte) 0x28;
                peer.send("MSG", 0, 1, false, payload);
                ReadFrame err = peer.readData();
                assertEquals(FrameType.ERR, err.type(), err.toString());
                assertTrue(err.text().contains("not valid UTF-8"), err.text());
            }
        });
        assertFalse(log.contains("[Fatal Error]"), log);
    }

    @FunctionalInterface
    interface Action {
        void run() throws Exception;
    }

    /** Runs {@code action} with System.err captured (slf4j-simple writes there) and returns what was written. */
    static String captureStderr(Action action) throws Exception {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
            Thread.sleep(200); // let the event loop finish logging what it was writing
        } finally {
            System.setErr(saved);
        }
        String text = captured.toString(StandardCharsets.UTF_8);
        saved.print(text);
        return text;
    }
}
