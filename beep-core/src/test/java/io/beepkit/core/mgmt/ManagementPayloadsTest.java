package io.beepkit.core.mgmt;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.MimeEntity;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Channel-0 payloads as octets, and the one reading of {@code <error>} elements (RFC 3080 §2.3.1.4) shared by refused
 * greetings, starts, closes and applications' ERR replies.
 */
class ManagementPayloadsTest {
    private static final String XML_HEADERS = "Content-Type: application/beep+xml\r\n\r\n";

    private static MimeEntity body(String xml) {
        return MimeEntity.of(MimeEntity.BEEP_XML, xml.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    @DisplayName("xml(): the Content-Type header, a blank line, the element, octet for octet")
    void xmlBytesExactly() {
        assertArrayEquals((XML_HEADERS + "<ok />").getBytes(StandardCharsets.US_ASCII),
                ManagementPayloads.xml(new ManagementMessage.Ok()));
        assertArrayEquals((XML_HEADERS + "<close number='3' code='200' />").getBytes(StandardCharsets.US_ASCII),
                ManagementPayloads.xml(new ManagementMessage.Close(3, 200, null)));
        assertArrayEquals((XML_HEADERS + "<start number='1'><profile uri='urn:x' /></start>")
                        .getBytes(StandardCharsets.US_ASCII),
                ManagementPayloads.xml(new ManagementMessage.Start(1, null,
                        List.of(new ManagementMessage.Profile("urn:x", null, false)))));
    }

    @Test
    @DisplayName("error(): code and escaped diagnostic, the diagnostic in UTF-8")
    void errorBytesExactly() {
        assertArrayEquals((XML_HEADERS + "<error code='550'>no &amp; such</error>").getBytes(StandardCharsets.US_ASCII),
                ManagementPayloads.error(550, "no & such"));
        byte[] utf8 = ManagementPayloads.error(421, "\u00e9");
        byte[] expected = (XML_HEADERS + "<error code='421'>\u00e9</error>").getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(expected, utf8);
        assertEquals((byte) 0xC3, utf8[utf8.length - 10]);
        assertEquals((byte) 0xA9, utf8[utf8.length - 9]);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "<error code='451'>busy</error>",
            "  \t\r\n<error code='451'>busy</error>",
            "<?xml version='1.0' encoding='UTF-8'?><error code='451'>busy</error>",
            "<?xml version='1.0'?>\r\n  <error code='451'>busy</error>\r\n",
    })
    @DisplayName("an <error> element is read after leading whitespace or an XML declaration")
    void errorElementTolerant(String xml) {
        assertEquals(Optional.of(new ManagementMessage.Error(451, "busy")),
                ManagementPayloads.errorElement(body(xml)));
    }

    @Test
    @DisplayName("what error() writes, errorElement() reads back")
    void roundTrip() {
        MimeEntity written = io.beepkit.core.mime.MimeCodec.decode(ManagementPayloads.error(554, "a < b"));
        assertEquals(Optional.of(new ManagementMessage.Error(554, "a < b")), ManagementPayloads.errorElement(written));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "<ok />",
            "<?xml version='1.0'?><ok />",
            "<error code='45",
            "<errors code='451'>x</errors>",
            "plain text",
            "",
            "   ",
    })
    @DisplayName("anything but a well-formed <error> element reads as empty, never as an exception")
    void notAnErrorElement(String xml) {
        assertEquals(Optional.empty(), ManagementPayloads.errorElement(body(xml)));
    }

    @Test
    @DisplayName("refusal(): an <error> element becomes BeepErrorException with its code and diagnostic")
    void refusalOfAnErrorElement() {
        BeepErrorException e = ManagementPayloads.refusal(body("\n<error code='550'>no profile</error>"));
        assertEquals(550, e.code());
        assertEquals("no profile", e.diagnostic());
    }

    @Test
    @DisplayName("refusal(): a channel-0 ERR that holds no <error> element is a protocol violation naming the body")
    void refusalOfSomethingElse() {
        BeepProtocolException e = assertThrows(BeepProtocolException.class,
                () -> ManagementPayloads.refusal(body("<ok />")));
        assertEquals("malformed error reply on channel 0: <ok />", e.getMessage());
    }
}
