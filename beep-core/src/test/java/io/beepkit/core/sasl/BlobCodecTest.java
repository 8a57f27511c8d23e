package io.beepkit.core.sasl;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.sasl.SaslMessage.Blob;
import io.beepkit.core.sasl.SaslMessage.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SASL profiles' {@code <blob>} and {@code <error>} (RFC 3080 §4.1, DTD §7.3). */
class BlobCodecTest {
    private static final int MAX = 8192;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void writesStatusOnlyWhenNotContinueAndEmptyBlobsAsEmptyElements() {
        assertEquals("<blob>aGVsbG8=</blob>", BlobCodec.write(Blob.of(bytes("hello"))));
        assertEquals("<blob />", BlobCodec.write(Blob.of(null)));
        assertEquals("<blob status='complete' />", BlobCodec.write(new Blob(Status.COMPLETE, null)));
        assertEquals("<blob status='complete'>aGk=</blob>", BlobCodec.write(new Blob(Status.COMPLETE, bytes("hi"))));
        assertEquals("<blob status='abort' />", BlobCodec.write(new Blob(Status.ABORT, new byte[0])));
    }

    @Test
    void parsesTheRfcExamplesAndVortexSpellings() {
        // RFC 3080 section 4.1.1, including a blob wrapped over two lines
        assertArrayEquals(bytes("\0blockmaster"), BlobCodec.parseBlob("<blob>AGJsb2NrbWFzdGVy</blob>", MAX).data());
        Blob wrapped = BlobCodec.parseBlob("<blob>b3RwLXNoYTEgOTk5NyBwaXh5bWlzYXM4NTgwNSBleHQ=\r\n"
                + "                                       </blob>", MAX);
        assertEquals("otp-sha1 9997 pixymisas8580 5 ext".replace("8580 5", "85805"),
                new String(wrapped.data(), StandardCharsets.UTF_8));
        assertEquals(new Blob(Status.COMPLETE, null), BlobCodec.parse("<blob status='complete' />", MAX));
        assertEquals(new Blob(Status.ABORT, null), BlobCodec.parse("<blob status=\"abort\"/>", MAX));
        assertEquals(new Blob(Status.CONTINUE, bytes("x")), BlobCodec.parse("<blob status='continue'>eA==</blob>", MAX));
        assertEquals(Blob.of(bytes("x")), BlobCodec.parse("<blob xml:space='preserve'><![CDATA[eA==]]></blob>", MAX));
        assertEquals(new SaslMessage.Error(535, ""), BlobCodec.parse("<error code='535' />", MAX));
        assertEquals(new SaslMessage.Error(535, "Authentication failure."),
                BlobCodec.parse("<error code='535'>Authentication failure.</error>", MAX));
    }

    @Test
    void roundTripsArbitraryOctets() {
        byte[] all = new byte[256];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) i;
        }
        for (Status s : Status.values()) {
            assertEquals(new Blob(s, all), BlobCodec.parse(BlobCodec.write(new Blob(s, all)), MAX));
        }
        assertEquals(new SaslMessage.Error(535, "bad <user> & 'x'"),
                BlobCodec.parse(BlobCodec.writeError(535, "bad <user> & 'x'"), MAX));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "<blob>not base64!</blob>",
            "<blob>aGVsbG8</blob>",
            "<blob>aGVs=bG8=</blob>",
            "<blob status='done'/>",
            "<blob status=''/>",
            "<blob mode='x'/>",
            "<blob><inner/></blob>",
            "<blob/><blob/>",
            "<blob/>trailing",
            "<blob>",
            "<ok/>",
            "<error/>",
            "<error code='5x5'/>",
            "<!DOCTYPE blob [<!ENTITY e 'QUJD'>]><blob>&e;</blob>",
            "<!DOCTYPE blob SYSTEM 'http://127.0.0.1:1/x.dtd'><blob/>",
            "<blob>&e;</blob>"})
    void refusesMalformedMessages(String xml) {
        assertThrows(BeepProtocolException.class, () -> BlobCodec.parse(xml, MAX), xml);
    }

    @Test
    void theClientSideParserRefusesAnError() {
        assertThrows(BeepProtocolException.class, () -> BlobCodec.parseBlob("<error code='535'/>", MAX));
    }

    @Test
    void refusesOversizedInputBeforeParsing() {
        String big = "<blob>" + "A".repeat(MAX) + "</blob>";
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> BlobCodec.parse(big, MAX));
        assertTrue(e.getMessage().contains("exceeds the limit"), e.getMessage());
    }

    @Test
    void blobToStringNeverShowsTheData() {
        assertEquals("Blob[CONTINUE, 6 octets]", Blob.of(bytes("secret")).toString());
    }
}
