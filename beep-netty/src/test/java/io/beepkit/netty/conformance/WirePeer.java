package io.beepkit.netty.conformance;

import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link ScriptedPeer} with the BEEP bookkeeping a conformance script needs, so each test spells out only the
 * octets that matter:
 * <ul>
 *   <li>our next seqno per channel, so well-formed frames carry the right one (a test breaks it on purpose with
 *       {@link #sendAt});</li>
 *   <li>the library's seqnos: every data frame read is checked to continue its channel exactly (RFC 3080 §2.2.1.2),
 *       so every test also checks the library's own sequence numbers;</li>
 *   <li>the right edge of the library's receive window from its SEQs (4096 from seqno 0 until the first SEQ), so
 *       a test can tell how much the library still lets it send.</li>
 * </ul>
 * Counters are absolute 64-bit octet counts; the wire carries them modulo 2^32.
 */
final class WirePeer implements Closeable {
    static final long MOD = 1L << 32;
    private static final Pattern NUMBER = Pattern.compile("number=['\"](\\d+)['\"]");

    final ScriptedPeer raw;
    /** Octets we sent per channel. */
    private final Map<Integer, Long> sent = new HashMap<>();
    /** Octets the library sent per channel. */
    private final Map<Integer, Long> received = new HashMap<>();
    /** Absolute right edge of the library's receive window per channel (what we may send up to). */
    private final Map<Integer, Long> libraryEdge = new HashMap<>();
    /** Absolute right edge we advertised to the library per channel (4096 until we send a SEQ). */
    private final Map<Integer, Long> ourEdge = new HashMap<>();
    private int nextMgmtMsgno = 1;
    private ReadFrame libraryGreeting;

    private WirePeer(ScriptedPeer raw) {
        this.raw = raw;
    }

    /** Connects to a library listener, reads its greeting and answers with an empty greeting of our own. */
    static WirePeer initiator(int port) throws IOException {
        WirePeer p = new WirePeer(ScriptedPeer.connect(port));
        p.libraryGreeting = p.readData();
        assertGreeting(p.libraryGreeting);
        p.send("RPY", 0, 0, false, ScriptedPeer.mgmt("<greeting/>"));
        return p;
    }

    /** Accepts a library initiator, greets it offering {@code profiles} and reads its greeting. */
    static WirePeer listener(ScriptedPeer.Listening listening, String... profiles) throws IOException {
        WirePeer p = new WirePeer(listening.accept());
        p.send("RPY", 0, 0, false, ScriptedPeer.mgmt(greeting(profiles)));
        p.libraryGreeting = p.readData();
        assertGreeting(p.libraryGreeting);
        return p;
    }

    /** Wraps a connection on which nothing has been exchanged yet (for tests of the first frame). */
    static WirePeer unGreeted(ScriptedPeer raw) {
        return new WirePeer(raw);
    }

    static String greeting(String... profiles) {
        StringBuilder xml = new StringBuilder("<greeting>");
        for (String uri : profiles) {
            xml.append("<profile uri='").append(uri).append("'/>");
        }
        return xml.append("</greeting>").toString();
    }

    private static void assertGreeting(ReadFrame f) {
        assertEquals(FrameType.RPY, f.type(), f.toString());
        assertEquals(0, f.header().channel(), f.toString());
        assertEquals(0, f.header().msgno(), f.toString());
        assertTrue(f.text().contains("<greeting"), f.toString());
    }

    ReadFrame libraryGreeting() {
        return libraryGreeting;
    }

    // ------------------------------------------------------------------ sending

    /** Our next seqno on {@code channel}, as it goes on the wire. */
    long nextSeqno(int channel) {
        return sent.getOrDefault(channel, 0L) % MOD;
    }

    /** Sends a well-formed data frame (not ANS) at our next seqno on its channel. */
    WirePeer send(String keyword, int channel, int msgno, boolean more, String payload) throws IOException {
        return send(keyword, channel, msgno, more, payload.getBytes(StandardCharsets.UTF_8));
    }

    WirePeer send(String keyword, int channel, int msgno, boolean more, byte[] payload) throws IOException {
        sendAt(keyword, channel, msgno, more, nextSeqno(channel), payload);
        sent.merge(channel, (long) payload.length, Long::sum);
        return this;
    }

    /**
     * As {@link #send(String, int, int, boolean, byte[])} for {@code length} octets of {@code payload}, written in
     * place without copying (for bulk transfers).
     */
    WirePeer sendBulk(String keyword, int channel, int msgno, boolean more, byte[] payload, int length)
            throws IOException {
        raw.sendRaw((keyword + " " + channel + " " + msgno + " " + (more ? '*' : '.') + " " + nextSeqno(channel) + " "
                + length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        raw.sendRaw(payload, 0, length);
        raw.sendRaw(TRAILER);
        sent.merge(channel, (long) length, Long::sum);
        return this;
    }

    private static final byte[] TRAILER = "END\r\n".getBytes(StandardCharsets.US_ASCII);

    /** Sends an ANS frame at our next seqno. */
    WirePeer sendAns(int channel, int msgno, boolean more, long ansno, String payload) throws IOException {
        byte[] body = payload.getBytes(StandardCharsets.UTF_8);
        raw.sendRaw(frame("ANS " + channel + " " + msgno + " " + (more ? '*' : '.') + " " + nextSeqno(channel)
                + " " + body.length + " " + ansno, body));
        sent.merge(channel, (long) body.length, Long::sum);
        return this;
    }

    /** Sends a data frame with an explicit seqno and does not count it (for violations). */
    WirePeer sendAt(String keyword, int channel, int msgno, boolean more, long seqno, byte[] payload)
            throws IOException {
        raw.sendRaw(frame(keyword + " " + channel + " " + msgno + " " + (more ? '*' : '.') + " " + seqno + " "
                + payload.length, payload));
        return this;
    }

    /** Sends raw octets as given, counting nothing. */
    WirePeer sendRaw(String octets) throws IOException {
        raw.sendRaw(octets);
        return this;
    }

    /** Sends {@code SEQ channel ackno window} acknowledging everything the library sent on {@code channel}. */
    WirePeer seq(int channel, int window) throws IOException {
        long acked = received.getOrDefault(channel, 0L);
        raw.sendRaw("SEQ " + channel + " " + (acked % MOD) + " " + window + "\r\n");
        ourEdge.put(channel, acked + window);
        return this;
    }

    static byte[] frame(String header, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes((header + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(payload);
        out.writeBytes("END\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    // ------------------------------------------------------------------ channel management

    /** Starts channel {@code number} on {@code uri} and asserts the library accepted it. */
    WirePeer startChannel(int number, String uri) throws IOException {
        ReadFrame reply = requestStart(number, uri);
        assertEquals(FrameType.RPY, reply.type(), reply.toString());
        assertTrue(reply.text().contains(uri), reply.toString());
        return this;
    }

    /** Sends a start for channel {@code number} and returns the library's reply (RPY or ERR on channel 0). */
    ReadFrame requestStart(int number, String uri) throws IOException {
        return request("<start number='" + number + "'><profile uri='" + uri + "'/></start>");
    }

    /** Sends a close for channel {@code number} and returns the library's reply. */
    ReadFrame requestClose(int number) throws IOException {
        return request("<close number='" + number + "' code='200'/>");
    }

    /** Sends {@code xml} as our next channel-0 MSG and returns the library's reply (RPY or ERR) to it. */
    ReadFrame request(String xml) throws IOException {
        return awaitMgmtReply(sendMgmt(xml));
    }

    /** Sends {@code xml} as our next channel-0 MSG without waiting; returns its msgno. */
    int sendMgmt(String xml) throws IOException {
        int msgno = nextMgmtMsgno++;
        send("MSG", 0, msgno, false, ScriptedPeer.mgmt(xml));
        return msgno;
    }

    /** Reads until the library's reply (RPY or ERR) to our channel-0 MSG {@code msgno}. */
    ReadFrame awaitMgmtReply(int msgno) throws IOException {
        return readUntil(f -> f.header().channel() == 0 && f.header().msgno() == msgno
                && (f.type() == FrameType.RPY || f.type() == FrameType.ERR));
    }

    /**
     * Reads the library's next start request, accepts it with {@code uri} and returns the channel number it asked
     * for.
     */
    int acceptStart(String uri) throws IOException {
        ReadFrame start = readUntil(f -> f.header().channel() == 0 && f.type() == FrameType.MSG);
        assertTrue(start.text().contains("<start"), start.toString());
        Matcher m = NUMBER.matcher(start.text());
        assertTrue(m.find(), start.toString());
        send("RPY", 0, start.header().msgno(), false, ScriptedPeer.mgmt("<profile uri='" + uri + "'/>"));
        return Integer.parseInt(m.group(1));
    }

    // ------------------------------------------------------------------ reading

    /** Reads the next frame, SEQs included, checking the library's seqno on data frames. */
    ReadFrame readFrame() throws IOException {
        ReadFrame f = raw.readFrame();
        int ch = f.header().channel();
        if (f.type() == FrameType.SEQ) {
            long mine = sent.getOrDefault(ch, 0L);
            long back = Math.floorMod(mine % MOD - f.header().ackno(), MOD);
            long edge = mine - back + f.header().window();
            long before = libraryEdge.getOrDefault(ch, 4096L);
            // RFC 3081 §3.1.3: the library's SEQs never move its right edge to the left.
            assertTrue(edge >= before, "library moved its right edge left on channel " + ch + " from " + before
                    + " to " + edge + ": " + f);
            libraryEdge.put(ch, edge);
            return f;
        }
        long before = received.getOrDefault(ch, 0L);
        assertEquals(before % MOD, f.header().seqno(), "library seqno on channel " + ch + ": " + f.header());
        long after = before + f.header().size();
        long edge = ourEdge.getOrDefault(ch, 4096L);
        assertTrue(after <= edge, "library overran our window on channel " + ch + " (edge " + edge + "): " + f.header());
        received.put(ch, after);
        return f;
    }

    /** Reads the next frame that is not a SEQ. */
    ReadFrame readData() throws IOException {
        return readUntil(f -> f.type() != FrameType.SEQ);
    }

    ReadFrame readUntil(Predicate<ReadFrame> wanted) throws IOException {
        while (true) {
            ReadFrame f = readFrame();
            if (wanted.test(f)) {
                return f;
            }
        }
    }

    /** Asserts the library closes the connection; returns what it sent before. */
    List<ReadFrame> readUntilClosed() throws IOException {
        return raw.readUntilClosed();
    }

    /** Octets the library sent on {@code channel} so far. */
    long receivedOn(int channel) {
        return received.getOrDefault(channel, 0L);
    }

    /** Octets we sent on {@code channel} so far. */
    long sentOn(int channel) {
        return sent.getOrDefault(channel, 0L);
    }

    /** Octets our last SEQ (or the initial 4096) still lets the library send on {@code channel}. */
    long ourWindowOpen(int channel) {
        return ourEdge.getOrDefault(channel, 4096L) - received.getOrDefault(channel, 0L);
    }

    /** Octets the library's last SEQ (or the initial 4096) still lets us send on {@code channel}. */
    long libraryWindowOpen(int channel) {
        return libraryEdge.getOrDefault(channel, 4096L) - sent.getOrDefault(channel, 0L);
    }

    @Override
    public void close() throws IOException {
        raw.close();
    }
}
