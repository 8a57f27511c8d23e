package io.beepkit.core.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.flow.SendWindow;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameHeaderParser;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.frame.Seq;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.core.mime.MimeCodec;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing of beep-core's parsers of network input: frame header lines, SEQ frames applied to a send
 * window, MIME header sections, channel-0 XML. Properties: only {@link BeepProtocolException} (or a subclass) escapes;
 * what parses also survives being written and parsed again; allocation stays within a constant plus a small multiple
 * of the input. In a normal build only the committed seeds run (src/test/resources/.../ParserFuzzTestInputs);
 * {@code JAZZER_FUZZ=1} fuzzes (see docs/reliability.md).
 */
class ParserFuzzTest {
    /** Fixed allowance for a parse: the XML parser sets up buffers of its own on every call. */
    private static final long FIXED = 512 * 1024;
    /** Per input octet: decoding to UTF-16, copies into strings and lists. */
    private static final long PER_OCTET = 64;

    @FuzzTest(maxDuration = "5m")
    void frameHeader(byte[] line) throws Exception {
        Allocations.assertBounded(line.length, 16 * 1024, PER_OCTET, () -> {
            try {
                FrameHeader h = FrameHeaderParser.parse(line, line.length);
                // A parsed header written back parses to the same header (leading zeros are the only liberty).
                byte[] written = h.toString().getBytes(StandardCharsets.US_ASCII);
                assertEquals(h.toString(), FrameHeaderParser.parse(written, written.length).toString());
            } catch (BeepProtocolException expected) {
                // the parser's only way to refuse
            }
        });
    }

    @FuzzTest(maxDuration = "5m")
    void seq(FuzzedDataProvider data) {
        long initial = data.consumeLong(0, Seq.MAX);
        SendWindow w = new SendWindow(initial, data.consumeInt(0, Integer.MAX_VALUE));
        w.consume(data.consumeInt(0, w.available()));
        while (data.remainingBytes() > 0) {
            byte[] line = data.consumeBytes(data.consumeInt(0, FrameHeader.MAX_HEADER_LENGTH));
            try {
                FrameHeader h = FrameHeaderParser.parse(line, line.length);
                if (h.type() == FrameType.SEQ) {
                    long next = w.nextSeqno();
                    w.onSeq(h.ackno(), h.window());
                    assertEquals(next, w.nextSeqno(), "a SEQ never moves what we send next");
                    assertTrue(w.available() >= 0 && w.available() <= h.window(), "open " + w.available());
                    w.consume(data.consumeInt(0, w.available()));
                }
            } catch (BeepProtocolException expected) {
                return; // the session would be terminated here
            }
        }
    }

    @FuzzTest(maxDuration = "5m")
    void mimeHeaders(byte[] payload) throws Exception {
        MimeEntity[] decoded = new MimeEntity[1];
        try {
            // Many tiny headers cost the most per octet: a string, a name, a value and an entry each.
            Allocations.assertBounded(payload.length, 16 * 1024, 2 * PER_OCTET,
                    () -> decoded[0] = MimeCodec.decode(payload));
        } catch (BeepProtocolException expected) {
            return;
        }
        // What we accepted can be written again and reads back the same.
        MimeEntity e = decoded[0];
        MimeEntity again = MimeCodec.decode(MimeCodec.encode(e));
        assertEquals(e.headers(), again.headers());
        assertArrayEquals(e.body(), again.body());
    }

    @FuzzTest(maxDuration = "5m")
    void managementXml(byte[] xml) throws Exception {
        Allocations.assertBounded(xml.length, FIXED, PER_OCTET, () -> {
            ManagementMessage m;
            try {
                m = ManagementCodec.parse(xml);
            } catch (BeepProtocolException expected) {
                return;
            }
            // What we accepted can be written again, and what we write we parse to the same message.
            String written = ManagementCodec.write(m);
            assertEquals(written, ManagementCodec.write(ManagementCodec.parse(written.getBytes(StandardCharsets.UTF_8))));
        });
    }
}
