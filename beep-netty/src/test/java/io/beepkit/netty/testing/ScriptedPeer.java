package io.beepkit.netty.testing;

import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameHeaderParser;
import io.beepkit.core.frame.FrameType;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A hand-driven BEEP peer on a plain blocking socket (127.0.0.1 only) for conformance tests: it writes exactly the
 * octets a test gives it, including malformed ones, and reads back whole frames so a test can assert the library's
 * reaction (a reply, an ERR, a SEQ, or the connection being closed).
 *
 * <p>Use {@link #connect(int)} to play the initiator against a {@code BeepServer}, or {@link #listen()} +
 * {@link Listening#accept()} to play the listener for a {@code BeepClient}.
 */
public final class ScriptedPeer implements Closeable {
    /** Read timeout for every blocking read: long enough for a loaded CI machine, short enough to fail fast. */
    public static final int TIMEOUT_MILLIS = 5_000;

    /** One frame read from the library: its header and (for data frames) its payload. */
    public record ReadFrame(FrameHeader header, byte[] payload) {
        public FrameType type() {
            return header.type();
        }

        public String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return header + (payload.length == 0 ? "" : " " + text().replace("\r\n", "\\r\\n"));
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private ScriptedPeer(Socket socket) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(TIMEOUT_MILLIS);
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    /** Connects to a library listener on 127.0.0.1:{@code port}. */
    public static ScriptedPeer connect(int port) throws IOException {
        return new ScriptedPeer(new Socket(InetAddress.getLoopbackAddress(), port));
    }

    /** Opens a listening socket on 127.0.0.1 and an ephemeral port, for a library initiator to connect to. */
    public static Listening listen() throws IOException {
        return new Listening(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
    }

    /** A bound listening socket waiting for one library initiator. */
    public static final class Listening implements Closeable {
        private final ServerSocket server;

        Listening(ServerSocket server) throws IOException {
            this.server = server;
            server.setSoTimeout(TIMEOUT_MILLIS);
        }

        public int port() {
            return server.getLocalPort();
        }

        public ScriptedPeer accept() throws IOException {
            return new ScriptedPeer(server.accept());
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    /** Writes raw octets (ISO-8859-1, so every char 0..255 is one octet) exactly as given. */
    public ScriptedPeer sendRaw(String octets) throws IOException {
        return sendRaw(octets.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Writes raw octets exactly as given. */
    public ScriptedPeer sendRaw(byte[] octets) throws IOException {
        out.write(octets);
        out.flush();
        return this;
    }

    /** Writes {@code length} octets of {@code octets} from {@code offset}, exactly as given (for bulk payloads). */
    public ScriptedPeer sendRaw(byte[] octets, int offset, int length) throws IOException {
        out.write(octets, offset, length);
        out.flush();
        return this;
    }

    /**
     * Writes one well-formed data frame: {@code header} is everything between the keyword and the size field is
     * computed, e.g. {@code sendFrame("MSG", 1, 0, '.', 0, "hello")} writes {@code MSG 1 0 . 0 5\r\nhello END\r\n}.
     */
    public ScriptedPeer sendFrame(String keyword, int channel, int msgno, char more, long seqno, String payload)
            throws IOException {
        byte[] body = payload.getBytes(StandardCharsets.UTF_8);
        String header = keyword + " " + channel + " " + msgno + " " + more + " " + seqno + " " + body.length + "\r\n";
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.writeBytes(header.getBytes(StandardCharsets.US_ASCII));
        frame.writeBytes(body);
        frame.writeBytes("END\r\n".getBytes(StandardCharsets.US_ASCII));
        return sendRaw(frame.toByteArray());
    }

    /** The socket, for a test that layers TLS over it after the TLS profile's proceed. */
    public Socket socket() {
        return socket;
    }

    /** Payload of a channel-0 message or reply: the {@code application/beep+xml} header, CRLF, then {@code xml}. */
    public static String mgmt(String xml) {
        return "Content-Type: application/beep+xml\r\n\r\n" + xml;
    }

    /** Sends a greeting (RPY 0 0 at seqno 0) offering {@code profileUris}. */
    public ScriptedPeer sendGreeting(String... profileUris) throws IOException {
        StringBuilder xml = new StringBuilder("<greeting>");
        for (String uri : profileUris) {
            xml.append("<profile uri='").append(uri).append("'/>");
        }
        xml.append("</greeting>");
        return sendFrame("RPY", 0, 0, '.', 0, mgmt(xml.toString()));
    }

    /** Reads the next frame, SEQ frames included. Fails with {@link EOFException} if the library closed the connection. */
    public ReadFrame readFrame() throws IOException {
        byte[] line = new byte[FrameHeader.MAX_HEADER_LENGTH];
        int length = 0;
        while (true) {
            int b = readByte();
            if (b == '\n' && length > 0 && line[length - 1] == '\r') {
                length--;
                break;
            }
            if (length == line.length) {
                throw new IOException("header longer than " + line.length + " octets: "
                        + FrameHeaderParser.printable(line, length));
            }
            line[length++] = (byte) b;
        }
        FrameHeader header = FrameHeaderParser.parse(line, length);
        if (header.type() == FrameType.SEQ) {
            return new ReadFrame(header, new byte[0]);
        }
        byte[] payload = in.readNBytes(header.size());
        if (payload.length != header.size()) {
            throw new EOFException("connection closed inside the payload of " + header);
        }
        byte[] trailer = in.readNBytes(5);
        if (!"END\r\n".equals(new String(trailer, StandardCharsets.US_ASCII))) {
            throw new IOException("bad trailer after " + header + ": " + new String(trailer, StandardCharsets.US_ASCII));
        }
        return new ReadFrame(header, payload);
    }

    /** Reads frames until one matches, returning it; frames skipped on the way are dropped (SEQs, typically). */
    public ReadFrame readUntil(Predicate<ReadFrame> wanted) throws IOException {
        while (true) {
            ReadFrame f = readFrame();
            if (wanted.test(f)) {
                return f;
            }
        }
    }

    /** Reads the next frame that is not a SEQ. */
    public ReadFrame readDataFrame() throws IOException {
        return readUntil(f -> f.type() != FrameType.SEQ);
    }

    /**
     * Reads and discards frames until the library closes the connection, returning what was read. Fails if the
     * connection is still open after {@link #TIMEOUT_MILLIS}: use it to assert "terminate".
     */
    public List<ReadFrame> readUntilClosed() throws IOException {
        List<ReadFrame> seen = new ArrayList<>();
        while (true) {
            try {
                seen.add(readFrame());
            } catch (EOFException closed) {
                return seen;
            } catch (SocketTimeoutException stillOpen) {
                throw new AssertionError("connection still open after " + TIMEOUT_MILLIS + " ms; frames seen: " + seen);
            } catch (IOException reset) {
                if (socket.isClosed()) {
                    throw reset;
                }
                return seen; // connection reset by the library counts as closed
            }
        }
    }

    /** Half-closes: sends FIN, keeps reading (the library's reaction to a peer that stops talking). */
    public void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    /** Closes abruptly with a TCP reset (SO_LINGER 0) instead of a FIN. */
    public void abort() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    private int readByte() throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new EOFException("connection closed by the library");
        }
        return b;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
