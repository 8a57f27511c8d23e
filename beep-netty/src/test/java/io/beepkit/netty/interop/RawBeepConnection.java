package io.beepkit.netty.interop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A deliberately small blocking BEEP framer over a plain socket, for steps today's session engine cannot take yet
 * (the TLS tuning reset): writes MSG/RPY frames of small channel-0 messages with correct seqnos, reads frames and
 * skips SEQs. Only for interop probes with tiny messages that never fill a window.
 */
final class RawBeepConnection {
    /** One frame read: its type, channel, msgno and the payload's body (MIME headers removed). */
    record Frame(String type, int channel, int msgno, String body) {
    }

    private final InputStream in;
    private final OutputStream out;
    private final Map<Integer, Long> sent = new HashMap<>();

    RawBeepConnection(Socket socket) throws IOException {
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    /** Sends one complete message of {@code xml} as {@code application/beep+xml}. */
    void send(String type, int channel, int msgno, String xml) throws IOException {
        byte[] payload = ("Content-Type: application/beep+xml\r\n\r\n" + xml).getBytes(StandardCharsets.UTF_8);
        long seq = sent.getOrDefault(channel, 0L);
        sent.put(channel, seq + payload.length);
        out.write((type + " " + channel + " " + msgno + " . " + seq + " " + payload.length + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(payload);
        out.write("END\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Reads the next frame that is not a SEQ. */
    Frame read() throws IOException {
        while (true) {
            String header = line();
            String[] t = header.split(" ");
            if (t[0].equals("SEQ")) {
                continue;
            }
            if (t.length < 6 || !t[3].equals(".")) {
                throw new IOException("unexpected frame header (continuations are not handled here): " + header);
            }
            byte[] payload = in.readNBytes(Integer.parseInt(t[5]));
            String trailer = line();
            if (!trailer.equals("END")) {
                throw new IOException("frame trailer was " + trailer);
            }
            String text = new String(payload, StandardCharsets.UTF_8);
            int headersEnd = text.indexOf("\r\n\r\n");
            String body = text.startsWith("\r\n") ? text.substring(2)
                    : headersEnd >= 0 ? text.substring(headersEnd + 4) : text;
            return new Frame(t[0], Integer.parseInt(t[1]), Integer.parseInt(t[2]), body);
        }
    }

    /** Forgets every seqno: after a tuning reset both peers count from zero again. */
    void resetSequenceNumbers() {
        sent.clear();
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int prev = -1;
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("connection closed");
            }
            if (prev == '\r' && c == '\n') {
                byte[] bytes = b.toByteArray();
                return new String(bytes, 0, bytes.length - 1, StandardCharsets.US_ASCII);
            }
            b.write(c);
            prev = c;
        }
    }
}
