package io.beepkit.netty.internal.codec;

import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The frame encoder on an {@link EmbeddedChannel} (RFC 3080 §2.2.1, RFC 3081 §3.1.3): every frame's octets are its
 * header line, payload and trailer; a heap or small payload leaves in one buffer with them, a large direct payload
 * leaves uncopied between its header and the trailer; what the frame held is released either way (the leak detector
 * checks).
 */
class BeepFrameEncoderTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(BeepFrameEncoder.INSTANCE);

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    private static String text(ByteBuf b) {
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    /** Everything the encoder wrote for one frame, released, as text. */
    private List<String> written() {
        List<String> out = new ArrayList<>();
        ByteBuf b;
        while ((b = channel.readOutbound()) != null) {
            out.add(text(b));
            b.release();
        }
        return out;
    }

    private static byte[] filled(int n) {
        byte[] a = new byte[n];
        Arrays.fill(a, (byte) 'x');
        return a;
    }

    @Test
    @DisplayName("a small heap payload leaves in one buffer with its header and trailer")
    void smallHeapPayloadIsOneBuffer() {
        ByteBuf payload = Unpooled.wrappedBuffer(Unpooled.wrappedBuffer("\r\n".getBytes(StandardCharsets.US_ASCII)),
                Unpooled.wrappedBuffer("hello".getBytes(StandardCharsets.US_ASCII)));
        channel.writeOutbound(new Frame(FrameHeader.data(FrameType.MSG, 1, 7, false, 42, 7), payload));
        assertEquals(List.of("MSG 1 7 . 42 7\r\n\r\nhelloEND\r\n"), written());
        assertEquals(0, payload.refCnt(), "the frame's payload is released once copied");
    }

    @Test
    @DisplayName("a large heap payload is copied once, into the one buffer the transport would have copied it to")
    void largeHeapPayloadIsOneBuffer() {
        byte[] body = filled(70_000);
        ByteBuf payload = Unpooled.wrappedBuffer(body);
        channel.writeOutbound(new Frame(FrameHeader.data(FrameType.RPY, 3, 1, true, 0, body.length), payload));
        ByteBuf only = channel.readOutbound();
        assertNull(channel.readOutbound());
        assertEquals("RPY 3 1 * 0 70000\r\n" + "x".repeat(70_000) + "END\r\n", text(only));
        only.release();
        assertEquals(0, payload.refCnt());
    }

    @Test
    @DisplayName("a large direct payload leaves uncopied: header, the same buffer, trailer")
    void largeDirectPayloadIsNotCopied() {
        int size = BeepFrameEncoder.MERGE_DIRECT_LIMIT + 1;
        ByteBuf payload = Unpooled.directBuffer(size).writeBytes(filled(size));
        channel.writeOutbound(new Frame(FrameHeader.ans(5, 2, false, 100, size, 3), payload));
        ByteBuf header = channel.readOutbound();
        ByteBuf middle = channel.readOutbound();
        ByteBuf trailer = channel.readOutbound();
        assertNull(channel.readOutbound());
        assertEquals("ANS 5 2 . 100 " + size + " 3\r\n", text(header));
        assertSame(payload, middle, "the payload is handed on, not copied");
        assertEquals("x".repeat(size), text(middle));
        assertEquals("END\r\n", text(trailer));
        header.release();
        middle.release();
        trailer.release();
    }

    @Test
    @DisplayName("a small direct payload is copied next to its header")
    void smallDirectPayloadIsMerged() {
        int size = BeepFrameEncoder.MERGE_DIRECT_LIMIT;
        ByteBuf payload = Unpooled.directBuffer(size).writeBytes(filled(size));
        channel.writeOutbound(new Frame(FrameHeader.data(FrameType.MSG, 1, 0, false, 0, size), payload));
        assertEquals(List.of("MSG 1 0 . 0 " + size + "\r\n" + "x".repeat(size) + "END\r\n"), written());
        assertEquals(0, payload.refCnt());
    }

    @Test
    @DisplayName("an empty frame is its header and trailer; a SEQ is its header alone")
    void emptyFrameAndSeq() {
        channel.writeOutbound(new Frame(FrameHeader.data(FrameType.NUL, 1, 4, false, 9, 0), Unpooled.EMPTY_BUFFER));
        assertEquals(List.of("NUL 1 4 . 9 0\r\nEND\r\n"), written());
        channel.writeOutbound(Frame.seq(FrameHeader.seq(1, 4096, 8192)));
        assertEquals(List.of("SEQ 1 4096 8192\r\n"), written());
    }
}
