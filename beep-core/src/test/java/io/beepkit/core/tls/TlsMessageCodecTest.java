package io.beepkit.core.tls;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The TLS profile's messages (RFC 3080 §3.1, DTD §7.2): strict parsing and the exact forms Vortex compares. */
class TlsMessageCodecTest {

    @Test
    void writesTheFormsVortexComparesByteForByte() {
        assertEquals("<ready />", TlsMessageCodec.write(TlsMessage.Ready.DEFAULT));
        assertEquals("<proceed />", TlsMessageCodec.write(new TlsMessage.Proceed()));
        assertEquals("<ready version='2' />", TlsMessageCodec.write(new TlsMessage.Ready("2")));
        assertEquals("<error code='421'>no &lt;certificate&gt;</error>",
                TlsMessageCodec.write(new TlsMessage.Error(421, "no <certificate>")));
        assertEquals("<error code='501' />", TlsMessageCodec.write(new TlsMessage.Error(501, null)));
    }

    @Test
    void parsesEverySpelling() {
        assertEquals(TlsMessage.Ready.DEFAULT, TlsMessageCodec.parse("<ready/>"));
        assertEquals(TlsMessage.Ready.DEFAULT, TlsMessageCodec.parse("  <ready />\r\n"));
        assertEquals(new TlsMessage.Ready("1"), TlsMessageCodec.parse("<ready version=\"1\"></ready>"));
        assertEquals(new TlsMessage.Ready("oops"), TlsMessageCodec.parse("<ready version='oops' />"));
        assertEquals(new TlsMessage.Proceed(), TlsMessageCodec.parse("<proceed />"));
        assertEquals(new TlsMessage.Error(421, "refused <here>"),
                TlsMessageCodec.parse("<error code='421'>\n refused &lt;here&gt; </error>"));
        assertEquals(new TlsMessage.Error(501, "x"), TlsMessageCodec.parse("<error code='501' xml:lang='en'>x</error>"));
    }

    @Test
    void roundTripsThroughWrite() {
        for (TlsMessage m : new TlsMessage[]{TlsMessage.Ready.DEFAULT, new TlsMessage.Ready("3"),
                new TlsMessage.Proceed(), new TlsMessage.Error(550, "a 'quoted' & <marked> text")}) {
            assertEquals(m, TlsMessageCodec.parse(TlsMessageCodec.write(m)));
        }
    }

    @Test
    void readyPiggybackedInCdataAsInTheRfcSurvivesChannelZeroParsing() {
        String start = "<start number='1'>\n   <profile uri='http://iana.org/beep/TLS'>\n"
                + "       <![CDATA[<ready />]]>\n   </profile>\n</start>";
        ManagementMessage.Start s = (ManagementMessage.Start) ManagementCodec.parse(
                start.getBytes(StandardCharsets.UTF_8));
        assertEquals(TlsMessage.PROFILE_URI, s.profiles().get(0).uri());
        assertEquals(TlsMessage.Ready.DEFAULT, TlsMessageCodec.parse(s.profiles().get(0).content()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "   ",
            "<ready>now</ready>",
            "<ready version='' />",
            "<ready mode='x' />",
            "<proceed>go</proceed>",
            "<proceed x='1'/>",
            "<ready/><proceed/>",
            "<ready><proceed/></ready>",
            "text<ready/>",
            "<hello/>",
            "<error>no code</error>",
            "<error code='5011'/>",
            "<error code='abc'/>",
            "<error code='050'/>",
            "<ready",
            "<!DOCTYPE ready [<!ENTITY x 'y'>]><ready/>",
            "<!DOCTYPE ready SYSTEM 'file:///etc/passwd'><ready/>",
            "<error code='500'>&x;</error>"})
    void refusesMalformedMessages(String xml) {
        assertThrows(BeepProtocolException.class, () -> TlsMessageCodec.parse(xml), xml);
    }

    @Test
    void refusesOversizedInputBeforeParsing() {
        String big = "<ready />" + " ".repeat(TlsMessageCodec.MAX_CHARS);
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> TlsMessageCodec.parse(big));
        assertTrue(e.getMessage().contains("exceeds the limit"), e.getMessage());
    }

    @Test
    void refusesNullInput() {
        assertThrows(BeepProtocolException.class, () -> TlsMessageCodec.parse(null));
    }
}
