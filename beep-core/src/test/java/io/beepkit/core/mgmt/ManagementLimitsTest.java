package io.beepkit.core.mgmt;

import io.beepkit.api.BeepProtocolException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Channel-0 XML within bounds: greeting size, serverName length, profiles per start; invalid UTF-8 stays quiet. */
class ManagementLimitsTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String profiles(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append("<profile uri='urn:p:").append(i).append("' />");
        }
        return sb.toString();
    }

    @Test
    @DisplayName("a greeting over the size limit is refused, naming both sizes")
    void oversizedGreetingIsRefused() {
        ManagementLimits limits = new ManagementLimits(100, 255, 64);
        byte[] xml = utf8("<greeting>" + profiles(5) + "</greeting>");
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> ManagementCodec.parse(xml, limits));
        assertEquals("greeting of " + xml.length + " octets exceeds the limit of 100", e.getMessage());
        assertEquals(5, ((ManagementMessage.Greeting) ManagementCodec.parse(xml)).profiles().size(), "default limit");
    }

    @Test
    @DisplayName("a serverName over the limit is refused; one at the limit is accepted")
    void longServerNameIsRefused() {
        String atLimit = "a".repeat(ManagementLimits.DEFAULT_MAX_SERVER_NAME_LENGTH);
        ManagementMessage.Start ok = (ManagementMessage.Start) ManagementCodec.parse(
                utf8("<start number='1' serverName='" + atLimit + "'><profile uri='urn:x' /></start>"));
        assertEquals(atLimit, ok.serverName());
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> ManagementCodec.parse(
                utf8("<start number='1' serverName='" + atLimit + "b'><profile uri='urn:x' /></start>")));
        assertEquals("serverName of 256 characters exceeds the limit of 255", e.getMessage());
    }

    @Test
    @DisplayName("a start offering more profiles than the limit is refused; the limit itself is accepted")
    void tooManyProfilesAreRefused() {
        int max = ManagementLimits.DEFAULT_MAX_PROFILES_PER_START;
        ManagementMessage.Start ok = (ManagementMessage.Start) ManagementCodec.parse(
                utf8("<start number='1'>" + profiles(max) + "</start>"));
        assertEquals(max, ok.profiles().size());
        BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> ManagementCodec.parse(
                utf8("<start number='1'>" + profiles(max + 1) + "</start>")));
        assertEquals("<start> offers more than the limit of 64 profiles", e.getMessage());
    }

    @Test
    @DisplayName("limits below 1 are refused, naming the value")
    void limitsAreValidated() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ManagementLimits(0, 1, 1));
        assertEquals("maxGreetingOctets must be >= 1: 0", e.getMessage());
    }

    @Test
    @DisplayName("invalid UTF-8 in channel-0 XML is a protocol error and prints nothing to System.err")
    void invalidUtf8PrintsNothing() {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            byte[][] inputs = {
                    {'<', 'o', 'k', ' ', 'a', '=', '\'', (byte) 0xC3, (byte) 0x28, '\'', '/', '>'},
                    {(byte) 0xFF, (byte) 0xFE, '<'},
                    {'<', 'o', 'k', '>', (byte) 0x80, '<', '/', 'o', 'k', '>'},
            };
            for (byte[] in : inputs) {
                BeepProtocolException e = assertThrows(BeepProtocolException.class, () -> ManagementCodec.parse(in));
                assertTrue(e.getMessage().startsWith("channel-0 XML is not valid UTF-8"), e.getMessage());
            }
            BeepProtocolException e = assertThrows(BeepProtocolException.class,
                    () -> ManagementCodec.parse(utf8("<ok a='\u0001'/>")));
            assertInstanceOf(BeepProtocolException.class, e);
        } finally {
            System.setErr(saved);
        }
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    @DisplayName("a byte order mark before the XML is accepted")
    void byteOrderMarkIsAccepted() {
        byte[] xml = utf8("\uFEFF<ok />");
        assertInstanceOf(ManagementMessage.Ok.class, ManagementCodec.parse(xml));
    }
}
