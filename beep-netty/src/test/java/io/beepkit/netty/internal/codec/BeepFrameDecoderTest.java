package io.beepkit.netty.internal.codec;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameHeaderWriter;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.frame.Seq;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The frame decoder on an {@link EmbeddedChannel} (RFC 3080 §2.2.1 header, §2.2.1.3 trailer, RFC 3081 §3.1.3 SEQ;
 * CONFORMANCE items 1-4): any split of the input decodes identically, a header without CRLF fails within 63
 * octets, bare LF and wrong or missing trailers fail, and after the first error every input is dropped and
 * released. Every frame read is released; the leak detector checks the rest.
 */
class BeepFrameDecoderTest {
    private static final int MAX_FRAME = 64 * 1024;

    /** A decoded frame with its payload copied out (the frame itself is released at once). */
    private record Decoded(FrameHeader header, String payload) {
    }

    private final List<EmbeddedChannel> channels = new ArrayList<>();

    @AfterEach
    void closeChannels() {
        for (EmbeddedChannel ch : channels) {
            ch.finishAndReleaseAll();
        }
    }

    private EmbeddedChannel decoder(int maxFrameSize) {
        EmbeddedChannel ch = new EmbeddedChannel(new BeepFrameDecoder(maxFrameSize));
        channels.add(ch);
        return ch;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static ByteBuf buf(EmbeddedChannel ch, byte[] b, int from, int to) {
        return ch.alloc().buffer(to - from).writeBytes(b, from, to - from);
    }

    /** One frame on the wire: header (written by the real writer), payload, trailer. */
    private static byte[] wire(FrameHeader h, String payload) {
        byte[] head = new byte[FrameHeader.MAX_HEADER_LENGTH];
        int n = FrameHeaderWriter.write(h, head);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(head, 0, n);
        if (h.type() != FrameType.SEQ) {
            assertEquals(h.size(), payload.length(), "test data: size of " + h);
            out.writeBytes(bytes(payload));
            out.writeBytes(FrameHeaderWriter.TRAILER);
        }
        return out.toByteArray();
    }

    /** Reads and releases everything the decoder emitted. */
    private static List<Decoded> drain(EmbeddedChannel ch) {
        List<Decoded> out = new ArrayList<>();
        Object o;
        while ((o = ch.readInbound()) != null) {
            Frame f = assertInstanceOf(Frame.class, o);
            try {
                out.add(new Decoded(f.header(), f.payload().toString(StandardCharsets.ISO_8859_1)));
            } finally {
                f.release();
            }
        }
        return out;
    }

    /** Feeds {@code b[from..to)} expecting the decoder to fail; returns the protocol error. */
    private static BeepProtocolException failure(EmbeddedChannel ch, byte[] b, int from, int to) {
        DecoderException e = assertThrows(DecoderException.class, () -> ch.writeInbound(buf(ch, b, from, to)));
        return assertInstanceOf(BeepProtocolException.class, e.getCause());
    }

    private static BeepProtocolException failure(EmbeddedChannel ch, String s) {
        byte[] b = bytes(s);
        return failure(ch, b, 0, b.length);
    }

    /** Feeds {@code b} one octet at a time; returns how many octets were fed when the decoder failed. */
    private static int octetsUntilFailure(EmbeddedChannel ch, byte[] b) {
        for (int i = 0; i < b.length; i++) {
            try {
                ch.writeInbound(buf(ch, b, i, i + 1));
            } catch (DecoderException e) {
                assertInstanceOf(BeepProtocolException.class, e.getCause());
                return i + 1;
            }
        }
        return fail("the decoder accepted " + new String(b, StandardCharsets.ISO_8859_1));
    }

    // ------------------------------------------------------------------ a mixed stream

    private static final List<Decoded> STREAM = List.of(
            new Decoded(FrameHeader.data(FrameType.MSG, 1, 0, true, 0, 34), "Content-Type: text/plain\r\n\r\nhello!"),
            new Decoded(FrameHeader.data(FrameType.MSG, 1, 0, false, 34, 20), "END\r\nMSG 1 0 . 0 0\r\n"),
            new Decoded(FrameHeader.seq(1, Seq.MAX, 4096), ""),
            new Decoded(FrameHeader.data(FrameType.RPY, 0, 0, false, 0, 0), ""),
            new Decoded(FrameHeader.ans(1, 1, true, Seq.MAX - 1, 4, 7), "\u0000\u00FF\n\r"),
            new Decoded(FrameHeader.ans(1, 1, false, 2, 3, 4294967295L), "END"),
            new Decoded(FrameHeader.data(FrameType.NUL, 1, 1, false, 5, 0), ""),
            new Decoded(FrameHeader.seq(2147483647, 0, 0), ""),
            new Decoded(FrameHeader.data(FrameType.ERR, 2, 5, false, 0, 2), "\r\n"));

    private static byte[] streamBytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Decoded d : STREAM) {
            out.writeBytes(wire(d.header(), d.payload()));
        }
        return out.toByteArray();
    }

    @Test
    @DisplayName("#4 many frames in one buffer come out in order, payloads exactly as sent")
    void manyFramesInOneBuffer() {
        EmbeddedChannel ch = decoder(MAX_FRAME);
        byte[] b = streamBytes();
        ByteBuf in = buf(ch, b, 0, b.length);
        ch.writeInbound(in);
        assertEquals(STREAM, drain(ch));
        assertEquals(0, in.refCnt(), "nothing left buffered once every frame is released");
    }

    @Test
    @DisplayName("#4 the same input fed one octet at a time decodes identically")
    void oneOctetAtATime() {
        EmbeddedChannel ch = decoder(MAX_FRAME);
        byte[] b = streamBytes();
        List<Decoded> got = new ArrayList<>();
        for (int i = 0; i < b.length; i++) {
            ch.writeInbound(buf(ch, b, i, i + 1));
            got.addAll(drain(ch));
        }
        assertEquals(STREAM, got);
    }

    @Test
    @DisplayName("#4 the input split at every position decodes identically")
    void splitAtEveryPosition() {
        byte[] b = streamBytes();
        for (int split = 1; split < b.length; split++) {
            EmbeddedChannel ch = new EmbeddedChannel(new BeepFrameDecoder(MAX_FRAME));
            ch.writeInbound(buf(ch, b, 0, split));
            List<Decoded> got = new ArrayList<>(drain(ch));
            ch.writeInbound(buf(ch, b, split, b.length));
            got.addAll(drain(ch));
            assertEquals(STREAM, got, "split at " + split);
            assertFalse(ch.finish(), "nothing left at " + split);
        }
    }

    @Test
    @DisplayName("#3 a size 0 frame still needs its END CRLF")
    void sizeZeroFrame() {
        EmbeddedChannel ch = decoder(MAX_FRAME);
        ch.writeInbound(buf(ch, bytes("RPY 0 1 . 307 0\r\n"), 0, 17));
        assertNull(ch.readInbound(), "no frame before the trailer");
        ch.writeInbound(buf(ch, bytes("END\r\n"), 0, 5));
        assertEquals(List.of(new Decoded(FrameHeader.data(FrameType.RPY, 0, 1, false, 307, 0), "")), drain(ch));
        BeepProtocolException e = failure(decoder(MAX_FRAME), "RPY 0 1 . 307 0\r\nRPY 0 2 . 307 0\r\n");
        assertTrue(e.getMessage().contains("trailer"), e.getMessage());
    }

    // ------------------------------------------------------------------ item 1 at decoder level

    @Test
    @DisplayName("#1 a bare LF ends nothing: it terminates at once")
    void bareLfTerminatesAtOnce() {
        EmbeddedChannel ch = decoder(MAX_FRAME);
        BeepProtocolException e = failure(ch, "MSG 0 1 . 0 0\n");
        assertEquals("bare LF in frame header: \"MSG 0 1 . 0 0\\x0A\"", e.getMessage());
    }

    @Test
    @DisplayName("#1 a CR not followed by LF terminates")
    void crWithoutLfTerminates() {
        BeepProtocolException e = failure(decoder(MAX_FRAME), "MSG 0 1 . 0 0\r\r\n");
        assertTrue(e.getMessage().startsWith("CR not followed by LF"), e.getMessage());
    }

    @Test
    @DisplayName("#1 a NUL octet terminates as soon as it arrives, before any CRLF")
    void nulOctetTerminatesAtOnce() {
        BeepProtocolException e = failure(decoder(MAX_FRAME), "MSG 0\u0000");
        assertEquals("invalid octet in frame header: \"MSG 0\\x00\"", e.getMessage());
    }

    @Test
    @DisplayName("#1 a malformed header line is refused by the decoder, naming it")
    void malformedHeaderLineTerminates() {
        BeepProtocolException e = failure(decoder(MAX_FRAME), "MSG 0  1 . 0 0\r\nEND\r\n");
        assertTrue(e.getMessage().contains("\"MSG 0  1 . 0 0\""), e.getMessage());
    }

    // ------------------------------------------------------------------ item 2 at decoder level

    @Test
    @DisplayName("#2 a header without CRLF fails within 62 octets; nothing more is buffered")
    void overlongHeaderFailsWithoutBufferingMore() {
        EmbeddedChannel ch = decoder(MAX_FRAME);
        byte[] line = bytes("MSG 0 1 . 0 " + "1".repeat(200));
        int fed = octetsUntilFailure(ch, line);
        assertTrue(fed <= 63, "failed only after " + fed + " octets");
        assertEquals(62, fed);
    }

    @Test
    @DisplayName("#2 a 63-octet header (legal values, one leading zero too many) fails by its 63rd octet")
    void sixtyThreeOctetHeaderFails() {
        byte[] line = bytes("ANS 2147483647 2147483647 . 4294967295 2147483647 04294967295\r\n");
        assertEquals(63, line.length);
        int fed = octetsUntilFailure(decoder(Integer.MAX_VALUE), line);
        assertTrue(fed <= 63, "failed only after " + fed + " octets");
    }

    @Test
    @DisplayName("#2 the longest legal header, 62 octets, is accepted octet by octet")
    void longestLegalHeaderIsAccepted() {
        EmbeddedChannel ch = decoder(Integer.MAX_VALUE);
        byte[] line = bytes("ANS 2147483647 2147483647 . 4294967295 2147483647 4294967295\r\n");
        assertEquals(FrameHeader.MAX_HEADER_LENGTH, line.length);
        for (int i = 0; i < line.length; i++) {
            ch.writeInbound(buf(ch, line, i, i + 1));
        }
        // The largest frame now waits for its 2^31-1 payload octets; a few of them change nothing.
        ch.writeInbound(buf(ch, bytes("abc"), 0, 3));
        assertNull(ch.readInbound());
    }

    @Test
    @DisplayName("#37 a frame larger than the limit is refused right after its header")
    void frameOverTheLimitIsRefusedBeforeItsPayload() {
        BeepProtocolException e = failure(decoder(4096), "MSG 1 0 . 0 4097\r\n");
        assertEquals("frame of 4097 octets exceeds the limit of 4096: MSG 1 0 . 0 4097", e.getMessage());
    }

    // ------------------------------------------------------------------ item 3: trailer

    @Test
    @DisplayName("#3 a trailer with a bare LF (END LF) terminates without waiting for more")
    void trailerWithBareLfTerminates() {
        EmbeddedChannel ch = decoder(MAX_FRAME);
        BeepProtocolException e = failure(ch, "MSG 1 0 . 0 3\r\nabcEND\n");
        assertTrue(e.getMessage().contains("trailer") && e.getMessage().contains("END\\x0A"), e.getMessage());
        assertTrue(drain(ch).isEmpty());
    }

    @Test
    @DisplayName("#3 a wrong trailer (ENX CRLF, lower case, a payload longer than size) terminates")
    void wrongTrailerTerminates() {
        BeepProtocolException e = failure(decoder(MAX_FRAME), "MSG 1 0 . 0 3\r\nabcENX\r\n");
        assertEquals("frame trailer is not END CRLF after MSG 1 0 . 0 3: \"ENX\\x0D\\x0A\"", e.getMessage());
        failure(decoder(MAX_FRAME), "MSG 1 0 . 0 3\r\nabcend\r\n");
        failure(decoder(MAX_FRAME), "MSG 1 0 . 0 3\r\nabcdEND\r\n");
        failure(decoder(MAX_FRAME), "MSG 1 0 . 0 3\r\nabcEND \r\n");
    }

    @Test
    @DisplayName("#3 a missing trailer (the next header right after the payload) terminates")
    void missingTrailerTerminates() {
        BeepProtocolException e = failure(decoder(MAX_FRAME), "MSG 1 0 * 0 3\r\nabcMSG 1 0 . 3 0\r\nEND\r\n");
        assertTrue(e.getMessage().contains("trailer") && e.getMessage().contains("MSG 1"), e.getMessage());
    }

    @Test
    @DisplayName("#3 each trailer octet is checked as it arrives")
    void trailerIsCheckedOctetByOctet() {
        byte[] frame = bytes("MSG 1 0 . 0 3\r\nabcEXD\r\n");
        assertEquals(frame.length - 3, octetsUntilFailure(decoder(MAX_FRAME), frame), "fails on the X");
    }

    @Test
    @DisplayName("#39 a frame cut off by the end of the input emits nothing and releases its buffer")
    void truncatedFrameAtEndOfInputIsReleased() {
        EmbeddedChannel ch = new EmbeddedChannel(new BeepFrameDecoder(MAX_FRAME));
        ByteBuf in = buf(ch, bytes("MSG 1 0 . 0 10\r\nabc"), 0, 19);
        ch.writeInbound(in);
        assertEquals(1, in.refCnt(), "partial frame kept while the connection is up");
        assertFalse(ch.finish(), "no frame from a truncated input");
        assertEquals(0, in.refCnt());
    }

    // ------------------------------------------------------------------ sticky error

    @Test
    @DisplayName("#1 after the first error every input is ignored and released")
    void errorIsSticky() {
        EmbeddedChannel ch = decoder(MAX_FRAME);
        byte[] good = wire(FrameHeader.data(FrameType.MSG, 1, 0, false, 0, 2), "hi");
        byte[] bad = bytes("msg 1 1 . 2 0\r\nEND\r\n");
        byte[] first = Arrays.copyOf(good, good.length + bad.length);
        System.arraycopy(bad, 0, first, good.length, bad.length);

        failure(ch, first, 0, first.length);
        assertEquals(List.of(new Decoded(FrameHeader.data(FrameType.MSG, 1, 0, false, 0, 2), "hi")), drain(ch),
                "the frame before the error is delivered");

        for (int i = 0; i < 3; i++) {
            ByteBuf later = buf(ch, good, 0, good.length);
            assertFalse(ch.writeInbound(later), "input after the error produces nothing");
            assertEquals(0, later.refCnt(), "and is released");
            assertNull(ch.readInbound());
        }
    }

    @Test
    @DisplayName("#1 an error in the middle of a buffered partial frame is sticky too")
    void errorAfterPartialInputIsSticky() {
        EmbeddedChannel ch = decoder(MAX_FRAME);
        ch.writeInbound(buf(ch, bytes("MSG 1 0 . 0 5\r\nab"), 0, 17));
        failure(ch, "cdeEN!\r\n");
        ByteBuf later = buf(ch, bytes("END\r\n"), 0, 5);
        assertFalse(ch.writeInbound(later));
        assertEquals(0, later.refCnt());
        assertNull(ch.readInbound());
    }
}
