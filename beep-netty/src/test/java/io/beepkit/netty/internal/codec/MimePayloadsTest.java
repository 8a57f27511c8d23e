package io.beepkit.netty.internal.codec;

import io.beepkit.api.MimeEntity;
import io.beepkit.core.mime.MimeCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * MIME entities to and from Netty buffers: outbound a small entity is one array and a larger one leaves as the header
 * section and the body array, two components of one composite, the body wrapped, not copied; inbound a payload scattered over buffers, split anywhere, decodes as
 * the same entity, and decoding leaves the buffer as it found it.
 */
class MimePayloadsTest {
    private static final byte[] PAYLOAD = ("Content-Type: text/plain; charset=UTF-8\r\n"
            + "X-Fold: one\r\n two\r\n"
            + "\r\n"
            + "body with \r\n a CRLF and a lone \r in it").getBytes(StandardCharsets.ISO_8859_1);

    private static void assertSameEntity(MimeEntity expected, MimeEntity actual, String where) {
        assertEquals(expected.headers(), actual.headers(), where);
        assertArrayEquals(expected.body(), actual.body(), where);
    }

    @Test
    @DisplayName("encode: a small entity is one array holding the header section and the body")
    void encodeSmallIsJoined() {
        byte[] body = "payload octets".getBytes(StandardCharsets.US_ASCII);
        MimeEntity e = MimeEntity.builder().header("Content-Type", "text/plain").body(body).build();
        ByteBuf out = MimePayloads.encode(e);
        try {
            assertFalse(out instanceof CompositeByteBuf);
            assertArrayEquals(MimeCodec.encode(e), ByteBufUtil.getBytes(out));
        } finally {
            out.release();
        }
    }

    @Test
    @DisplayName("encode: a larger entity is exactly two components, the header section and the body's own array")
    void encodeIsHeadersAndWrappedBody() {
        byte[] body = new byte[MimePayloads.JOIN_LIMIT];
        Arrays.fill(body, (byte) 'b');
        MimeEntity e = MimeEntity.builder().header("Content-Type", "text/plain").header("X-A", "1").body(body).build();
        ByteBuf out = MimePayloads.encode(e);
        try {
            CompositeByteBuf c = assertInstanceOf(CompositeByteBuf.class, out);
            assertEquals(2, c.numComponents());
            assertArrayEquals("Content-Type: text/plain\r\nX-A: 1\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                    ByteBufUtil.getBytes(c.component(0)));
            ByteBuf bodyPart = c.component(1);
            assertSame(body, bodyPart.array(), "the body array is wrapped, not copied");
            assertEquals(0, bodyPart.arrayOffset());
            assertEquals(body.length, bodyPart.readableBytes());
            assertArrayEquals(MimeCodec.encode(e), ByteBufUtil.getBytes(out));
        } finally {
            out.release();
        }
    }

    @Test
    @DisplayName("encode: a larger entity without headers is CRLF then the body, still two components")
    void encodeWithoutHeaders() {
        byte[] body = new byte[MimePayloads.JOIN_LIMIT - 1];
        ByteBuf out = MimePayloads.encode(MimeEntity.of(body));
        try {
            CompositeByteBuf c = assertInstanceOf(CompositeByteBuf.class, out);
            assertEquals(2, c.numComponents());
            assertArrayEquals(new byte[] {'\r', '\n'}, ByteBufUtil.getBytes(c.component(0)));
            assertSame(body, c.component(1).array());
        } finally {
            out.release();
        }
    }

    @Test
    @DisplayName("encode: an empty body adds no component, only the header section leaves")
    void encodeEmptyBody() {
        ByteBuf out = MimePayloads.encode(MimeEntity.builder().header("X-A", "1").build());
        try {
            assertFalse(out instanceof CompositeByteBuf c && c.numComponents() > 1);
            assertArrayEquals("X-A: 1\r\n\r\n".getBytes(StandardCharsets.US_ASCII), ByteBufUtil.getBytes(out));
        } finally {
            out.release();
        }
    }

    @Test
    @DisplayName("decode: a composite split at every offset, headers and body alike, gives the same entity")
    void decodeSplitAtEveryOffset() {
        MimeEntity expected = MimeCodec.decode(PAYLOAD);
        assertEquals(List.of(Map.entry("Content-Type", "text/plain; charset=UTF-8"), Map.entry("X-Fold", "one two")),
                expected.headers());
        for (int k = 0; k <= PAYLOAD.length; k++) {
            CompositeByteBuf c = Unpooled.compositeBuffer();
            c.addComponent(true, direct(Arrays.copyOfRange(PAYLOAD, 0, k)));
            c.addComponent(true, direct(Arrays.copyOfRange(PAYLOAD, k, PAYLOAD.length)));
            try {
                assertSameEntity(expected, MimePayloads.decode(c), "split at " + k);
            } finally {
                c.release();
            }
        }
    }

    @Test
    @DisplayName("decode: split in three at every pair of offsets gives the same entity")
    void decodeSplitInThreeEverywhere() {
        MimeEntity expected = MimeCodec.decode(PAYLOAD);
        for (int i = 0; i <= PAYLOAD.length; i++) {
            for (int j = i; j <= PAYLOAD.length; j++) {
                CompositeByteBuf c = Unpooled.compositeBuffer();
                c.addComponents(true, Unpooled.wrappedBuffer(Arrays.copyOfRange(PAYLOAD, 0, i)),
                        Unpooled.wrappedBuffer(Arrays.copyOfRange(PAYLOAD, i, j)),
                        Unpooled.wrappedBuffer(Arrays.copyOfRange(PAYLOAD, j, PAYLOAD.length)));
                try {
                    assertSameEntity(expected, MimePayloads.decode(c), "split at " + i + " and " + j);
                } finally {
                    c.release();
                }
            }
        }
    }

    @Test
    @DisplayName("decode: octets are indexed from the reader index, wherever it stands")
    void decodeFromTheReaderIndex() {
        MimeEntity expected = MimeCodec.decode(PAYLOAD);
        byte[] prefix = "\r\nX-Junk: 1\r\n\r\n".getBytes(StandardCharsets.US_ASCII); // would decode differently
        for (int k = 0; k <= PAYLOAD.length; k += 7) {
            CompositeByteBuf c = Unpooled.compositeBuffer();
            byte[] first = new byte[prefix.length + k];
            System.arraycopy(prefix, 0, first, 0, prefix.length);
            System.arraycopy(PAYLOAD, 0, first, prefix.length, k);
            c.addComponent(true, direct(first));
            c.addComponent(true, direct(Arrays.copyOfRange(PAYLOAD, k, PAYLOAD.length)));
            c.readerIndex(prefix.length);
            try {
                assertSameEntity(expected, MimePayloads.decode(c), "prefix skipped, split at " + k);
            } finally {
                c.release();
            }
        }
    }

    @Test
    @DisplayName("decode: the buffer's indexes and reference count are untouched")
    void decodeLeavesTheBufferAlone() {
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(PAYLOAD.length + 4);
        buf.writeBytes(new byte[] {9, 9}).writeBytes(PAYLOAD).writeBytes(new byte[] {8, 8});
        buf.readerIndex(2);
        buf.writerIndex(2 + PAYLOAD.length);
        try {
            MimeEntity e = MimePayloads.decode(buf);
            assertSameEntity(MimeCodec.decode(PAYLOAD), e, "direct pooled buffer");
            assertEquals(2, buf.readerIndex());
            assertEquals(2 + PAYLOAD.length, buf.writerIndex());
            assertEquals(1, buf.refCnt());
        } finally {
            buf.release();
        }
    }

    @Test
    @DisplayName("decode: the payload shapes of real peers over a buffer, as over an array")
    void decodeShapesAsTheArrayCodec() {
        for (String p : List.of("", "\r\n", "\r\nbody", "no header section", "Bad header\r\n\r\nx", "A: b\r\n\r\n",
                "A: b\r\n", "A: b\r")) {
            byte[] bytes = p.getBytes(StandardCharsets.US_ASCII);
            ByteBuf buf = Unpooled.wrappedBuffer(bytes);
            try {
                assertSameEntity(MimeCodec.decode(bytes), MimePayloads.decode(buf), "'" + p + "'");
            } finally {
                buf.release();
            }
        }
    }

    private static ByteBuf direct(byte[] octets) {
        return PooledByteBufAllocator.DEFAULT.directBuffer(Math.max(1, octets.length)).writeBytes(octets);
    }
}
