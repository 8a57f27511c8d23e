package io.beepkit.netty.streaming;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MessageStream;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.StreamingHandler;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.ChunkBuffers;
import io.beepkit.test.TeardownExtension;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link StreamingHandler} on the event loop, over real loopback sockets, reaches the network buffer itself through
 * {@link ChunkBuffers#buffer}: each chunk's buffer is a slice of the socket's direct read buffer, found between its
 * own frame's header and trailer there; every payload octet arrives in order across frames; a chunk retained by the
 * handler stays valid until the handler releases it. A handler off the loop gets heap copies. The class-level leak
 * check fails the class if any chunk is left unreleased or released once too often.
 */
class ChunkBuffersTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String BYTES = "urn:test:bytebuf";
    static final int BODY = 200 * 1024;

    BeepServer server;
    BeepClient client;

    /** What one chunk looked like when the handler saw it. */
    record Seen(int size, boolean derived, boolean direct, boolean framed, boolean last) {
    }

    /** Serves {@code handler} on the event loop (non-blocking), where chunks are the network buffer itself. */
    private BeepChannel connect(StreamingHandler handler) throws Exception {
        return connect(handler, true);
    }

    private BeepChannel connect(StreamingHandler handler, boolean onLoop) throws Exception {
        StreamingHandler served = new StreamingHandler() {
            @Override
            public java.util.concurrent.CompletionStage<?> onChunk(io.beepkit.api.MessageChunk chunk,
                                                                  io.beepkit.api.Responder responder) {
                return handler.onChunk(chunk, responder);
            }

            @Override
            public boolean nonBlocking() {
                return onLoop;
            }
        };
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).profile(BYTES, served).build().start().join());
        client = teardown.add(BeepClient.builder().build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        return s.startChannel(BYTES).get(5, TimeUnit.SECONDS);
    }

    private static byte[] body() {
        byte[] b = new byte[BODY];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 131 + (i >>> 8));
        }
        return b;
    }

    /** Streams {@code body} as one MSG with no headers, in pieces of 25 KiB, and waits for the reply. */
    private static Reply stream(BeepChannel ch, byte[] body) throws Exception {
        MessageStream out = ch.openMessage(MimeEntity.EMPTY_ENTITY);
        for (int off = 0; off < body.length; off += 25 * 1024) {
            int n = Math.min(25 * 1024, body.length - off);
            byte[] piece = new byte[n];
            System.arraycopy(body, off, piece, 0, n);
            out.write(piece).get(5, TimeUnit.SECONDS);
        }
        out.end();
        return out.reply().get(10, TimeUnit.SECONDS);
    }

    /** The buffer behind Netty's leak-tracking wrapper (tests run with paranoid leak detection). */
    private static ByteBuf untracked(ByteBuf b) {
        while (b.getClass().getSimpleName().contains("LeakAware")) {
            b = b.unwrap();
        }
        return b;
    }

    /** The buffer {@code b} is ultimately derived from. */
    private static ByteBuf root(ByteBuf b) {
        while (b.unwrap() != null) {
            b = b.unwrap();
        }
        return b;
    }

    /**
     * True when, in the buffer the chunk was sliced from, the frame's own header line ends right before the chunk
     * or the frame's trailer follows it: the chunk is the read buffer itself, not a copy. (Either may legitimately be
     * missing when it arrived in another read.)
     */
    private static boolean framedInItsReadBuffer(ByteBuf chunk, long seqno) {
        ByteBuf root = root(chunk);
        if (!chunk.hasMemoryAddress() || !root.hasMemoryAddress()) {
            return false;
        }
        long offset = chunk.memoryAddress() + chunk.readerIndex() - root.memoryAddress();
        int size = chunk.readableBytes();
        if (offset < 0 || offset + size > root.writerIndex()) {
            return false;
        }
        int from = (int) Math.max(0, offset - 64);
        String before = root.toString(from, (int) offset - from, StandardCharsets.ISO_8859_1);
        boolean header = before.matches("(?s).*MSG 1 0 [.*] " + seqno + " " + size + "\r\n");
        int end = (int) offset + size;
        boolean trailer = end + 5 <= root.writerIndex()
                && root.toString(end, 5, StandardCharsets.ISO_8859_1).equals("END\r\n");
        return header || trailer;
    }

    @Test
    @DisplayName("a 200 KiB streamed MSG reaches the handler as slices of the network buffer, every octet in order")
    void chunksAreSlicesOfTheNetworkBuffer() throws Exception {
        List<Seen> seen = new CopyOnWriteArrayList<>();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        BeepChannel ch = connect((piece, r) -> {
            ByteBuf chunk = ChunkBuffers.buffer(piece);
            seen.add(new Seen(chunk.readableBytes(), untracked(chunk).unwrap() != null, chunk.isDirect(),
                    framedInItsReadBuffer(chunk, received.size()), piece.last()));
            received.writeBytes(ByteBufUtil.getBytes(chunk));
            if (piece.last()) {
                r.reply(MimeEntity.of(Integer.toString(received.size())));
            }
            return CompletableFuture.completedFuture(null);
        });
        byte[] body = body();
        Reply reply = stream(ch, body);

        assertEquals(Integer.toString(2 + BODY), reply.entity().bodyText());
        byte[] expected = new byte[2 + BODY];
        expected[0] = '\r';
        expected[1] = '\n';
        System.arraycopy(body, 0, expected, 2, BODY);
        assertArrayEquals(expected, received.toByteArray(), "octets in order across frames");
        assertTrue(seen.size() >= 4, "200 KiB in 64 KiB windows is several frames: " + seen.size());
        assertTrue(seen.get(seen.size() - 1).last());
        for (Seen s : seen) {
            assertTrue(s.derived(), "a slice of another buffer, not a buffer of its own: " + s);
            assertTrue(s.direct(), "the socket's direct read buffer, not a heap copy: " + s);
        }
        assertTrue(seen.stream().anyMatch(Seen::framed),
                "no chunk lies between its frame's header and trailer in a read buffer: " + seen);
        assertEquals(2 + BODY, seen.stream().mapToInt(Seen::size).sum());
    }

    @Test
    @DisplayName("the handler may retain chunks and release them later; they stay intact meanwhile")
    void retainedChunksOutliveTheCall() throws Exception {
        List<ByteBuf> kept = new ArrayList<>();
        BeepChannel ch = connect((piece, r) -> {
            synchronized (kept) {
                kept.add(ChunkBuffers.buffer(piece).retain());
            }
            if (piece.last()) {
                r.reply(MimeEntity.of("kept"));
            }
            return CompletableFuture.completedFuture(null);
        });
        byte[] body = body();
        assertEquals("kept", stream(ch, body).entity().bodyText());
        // A second MSG reuses the network buffers: the retained chunks must not be overwritten.
        assertEquals("kept", stream(ch, new byte[BODY]).entity().bodyText());

        List<ByteBuf> chunks;
        synchronized (kept) {
            chunks = List.copyOf(kept);
        }
        ByteArrayOutputStream first = new ByteArrayOutputStream();
        long total = 0;
        for (ByteBuf c : chunks) {
            assertTrue(c.refCnt() >= 1, "our reference keeps the chunk alive");
            total += c.readableBytes();
            if (first.size() < 2 + BODY) {
                first.writeBytes(ByteBufUtil.getBytes(c));
            }
        }
        assertEquals(2L * (2 + BODY), total);
        byte[] got = first.toByteArray();
        byte[] expectedBody = new byte[BODY];
        System.arraycopy(got, 2, expectedBody, 0, BODY);
        assertArrayEquals(body, expectedBody, "the first MSG's retained chunks still hold its octets");
        chunks.forEach(ByteBuf::release); // too many releases would throw; too few fail the class's leak check
    }

    @Test
    @DisplayName("a handler on the callback executor gets a heap copy: no network buffer waits in its queue")
    void chunksOffTheLoopAreCopies() throws Exception {
        List<Seen> seen = new CopyOnWriteArrayList<>();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        BeepChannel ch = connect((piece, r) -> {
            ByteBuf chunk = ChunkBuffers.buffer(piece);
            seen.add(new Seen(chunk.readableBytes(), untracked(chunk).unwrap() != null, chunk.isDirect(), false,
                    piece.last()));
            synchronized (received) {
                received.writeBytes(piece.bytes());
            }
            if (piece.last()) {
                r.reply(MimeEntity.of(Integer.toString(received.size())));
            }
            return CompletableFuture.completedFuture(null);
        }, false);
        byte[] body = body();
        assertEquals(Integer.toString(2 + BODY), stream(ch, body).entity().bodyText());
        byte[] got = received.toByteArray();
        byte[] expectedBody = new byte[BODY];
        System.arraycopy(got, 2, expectedBody, 0, BODY);
        assertArrayEquals(body, expectedBody, "octets in order across frames");
        for (Seen s : seen) {
            // An empty chunk (a last frame without payload) holds no network memory, whatever its buffer's kind.
            assertTrue(s.size() == 0 || !s.direct(), "a heap copy, not the socket's direct read buffer: " + s);
        }
        assertTrue(seen.stream().anyMatch(s -> s.size() > 0), "chunks with octets were seen: " + seen);
    }

    @Test
    @DisplayName("a chunk is released when the call returns, while its credit waits for the stage")
    void chunkIsReleasedWhenTheCallReturns() throws Exception {
        List<io.beepkit.api.MessageChunk> pieces = new CopyOnWriteArrayList<>();
        List<String> read = new CopyOnWriteArrayList<>();
        List<CompletableFuture<Void>> acks = new CopyOnWriteArrayList<>();
        BeepChannel ch = connect((piece, r) -> {
            pieces.add(piece);
            read.add(ChunkBuffers.buffer(piece).toString(StandardCharsets.US_ASCII));
            CompletableFuture<Void> ack = new CompletableFuture<>();
            acks.add(ack);
            if (piece.last()) {
                r.reply(MimeEntity.of("read"));
            }
            return ack;
        });
        MessageStream out = ch.openMessage(MimeEntity.EMPTY_ENTITY);
        out.write("later".getBytes(StandardCharsets.US_ASCII));
        out.end();
        assertEquals("read", out.reply().get(10, TimeUnit.SECONDS).entity().bodyText());
        assertEquals("\r\nlater", String.join("", read));
        for (io.beepkit.api.MessageChunk piece : pieces) {
            org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                    () -> ChunkBuffers.buffer(piece), "released once the call returned");
            org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, piece::bytes);
        }
        acks.forEach(a -> a.complete(null));
    }
}
