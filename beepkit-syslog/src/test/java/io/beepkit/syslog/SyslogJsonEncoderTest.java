package io.beepkit.syslog;

import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.TlsSessionInfo;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SyslogJsonEncoderTest {
    private static final Instant RECEIVED = Instant.parse("2026-11-25T10:00:00.123456Z");

    @Test
    void rfc5424MessageWithEveryField() {
        SyslogMessage m = SyslogMessage.builder().transport(SyslogTransport.COOKED).format(SyslogFormat.RFC5424)
                .text("<165>1 2003-10-11T22:14:15.003Z host.example evntslog 42 ID47 [ex@1 a=\"b\"] hi")
                .facility(20).severity(5).timestamp("2003-10-11T22:14:15.003Z").hostname("host.example")
                .appName("evntslog").procId("42").msgId("ID47").structuredData("[ex@1 a=\"b\"]").message("hi")
                .deviceFqdn("dev.example").deviceIp("192.0.2.7").pathId("p1")
                .peer(new SyslogIdentity("dev.example", "192.0.2.7", "device"))
                .remoteAddress(new InetSocketAddress("127.0.0.1", 50312)).build();
        assertEquals("{\"@timestamp\":\"2003-10-11T22:14:15.003Z\",\"event.created\":\"2026-11-25T10:00:00.123Z\","
                + "\"message\":\"hi\",\"event.original\":\"<165>1 2003-10-11T22:14:15.003Z host.example evntslog 42 "
                + "ID47 [ex@1 a=\\\"b\\\"] hi\",\"host.hostname\":\"host.example\",\"source.ip\":\"127.0.0.1\","
                + "\"source.port\":50312,\"log.syslog.facility.code\":20,\"log.syslog.facility.name\":\"local4\","
                + "\"log.syslog.severity.code\":5,\"log.syslog.severity.name\":\"notice\",\"log.syslog.priority\":165,"
                + "\"log.syslog.hostname\":\"host.example\",\"log.syslog.appname\":\"evntslog\","
                + "\"log.syslog.procid\":\"42\",\"log.syslog.msgid\":\"ID47\",\"log.syslog.version\":1,"
                + "\"beep.syslog.transport\":\"COOKED\",\"beep.syslog.format\":\"RFC5424\","
                + "\"beep.syslog.timestamp\":\"2003-10-11T22:14:15.003Z\","
                + "\"beep.syslog.structured_data\":\"[ex@1 a=\\\"b\\\"]\",\"beep.syslog.device.fqdn\":\"dev.example\","
                + "\"beep.syslog.device.ip\":\"192.0.2.7\",\"beep.syslog.path_id\":\"p1\","
                + "\"beep.syslog.iam.fqdn\":\"dev.example\",\"beep.syslog.iam.ip\":\"192.0.2.7\","
                + "\"beep.syslog.iam.type\":\"device\"}", SyslogJsonEncoder.encode(m, RECEIVED));
    }

    @Test
    void rfc3164TimestampKeptAsWrittenAndReceivedTimeIsTheTimestamp() {
        SyslogMessage m = SyslogMessage.builder().transport(SyslogTransport.RAW).format(SyslogFormat.RFC3164)
                .text("<34>Oct 11 22:14:15 mymachine su: failed").facility(4).severity(2)
                .timestamp("Oct 11 22:14:15").hostname("mymachine").appName("su").message("failed").build();
        String json = SyslogJsonEncoder.encode(m, RECEIVED);
        assertTrue(json.startsWith("{\"@timestamp\":\"2026-11-25T10:00:00.123Z\","), json);
        assertTrue(json.endsWith(",\"beep.syslog.timestamp\":\"Oct 11 22:14:15\"}"), json);
        assertFalse(json.contains("log.syslog.version"), json);
        assertFalse(json.contains("source."), json);
    }

    @Test
    void rfc3164TimestampReadUnderAConfiguredPolicyIsTheTimestamp() {
        SyslogMessage m = SyslogMessage.builder().transport(SyslogTransport.RAW).format(SyslogFormat.RFC3164)
                .text("<34>Oct 11 22:14:15 mymachine su: failed").timestamp("Oct 11 22:14:15").hostname("mymachine")
                .receivedAt(RECEIVED).rfc3164Timestamps(Rfc3164TimestampPolicy.zone(ZoneId.of("Europe/Berlin")))
                .build();
        String json = SyslogJsonEncoder.encode(m);
        assertTrue(json.startsWith("{\"@timestamp\":\"2026-10-11T20:14:15Z\",\"event.created\":\"2026-11-25T10:00:00.123Z\","),
                json);
    }

    @Test
    void unknownFacilityAndSeverityAndNullFieldsAreLeftOut() {
        SyslogMessage m = SyslogMessage.builder().transport(SyslogTransport.RAW).text("plain").message("plain")
                .timestamp("2026-13-45T99:00:00Z").build();
        assertEquals("{\"@timestamp\":\"2026-11-25T10:00:00.123Z\",\"event.created\":\"2026-11-25T10:00:00.123Z\","
                + "\"message\":\"plain\",\"event.original\":\"plain\",\"beep.syslog.transport\":\"RAW\","
                + "\"beep.syslog.format\":\"UNPARSED\",\"beep.syslog.timestamp\":\"2026-13-45T99:00:00Z\"}",
                SyslogJsonEncoder.encode(m, RECEIVED));
    }

    @Test
    void theSessionsIdentityAndTheReceptionTimeAreWritten() {
        SyslogMessage m = SyslogMessage.builder().transport(SyslogTransport.COOKED).text("x").receivedAt(RECEIVED)
                .tls(new TlsSessionInfo("TLSv1.3", "TLS_AES_128_GCM_SHA256", List.of(), null))
                .authenticatedAs(new SaslIdentity(SaslMechanism.CRAM_MD5, "router7", "router7")).build();
        assertEquals("{\"@timestamp\":\"2026-11-25T10:00:00.123Z\",\"event.created\":\"2026-11-25T10:00:00.123Z\","
                + "\"event.original\":\"x\",\"beep.syslog.transport\":\"COOKED\",\"beep.syslog.format\":\"UNPARSED\","
                + "\"tls.version\":\"TLSv1.3\",\"tls.cipher\":\"TLS_AES_128_GCM_SHA256\",\"user.name\":\"router7\","
                + "\"beep.syslog.sasl.mechanism\":\"CRAM-MD5\",\"beep.syslog.sasl.authentication_id\":\"router7\"}",
                SyslogJsonEncoder.encode(m));
    }

    @Test
    void escapesPerRfc8259() {
        assertEquals("\"q\\\" b\\\\ n\\n r\\r t\\t b\\b f\\f nul\\u0000 us\\u001f del\u007f\"",
                SyslogJsonEncoder.quote("q\" b\\ n\n r\r t\t b\b f\f nul\u0000 us\u001f del\u007f"));
        assertEquals("\"é 😀 /\"", SyslogJsonEncoder.quote("é 😀 /"));
        assertEquals("\"\\ud800x\\udc00\"", SyslogJsonEncoder.quote("\ud800x\udc00"));
        // Escapes first, last and side by side, between runs of plain characters.
        assertEquals("\"\\\"\\n\\\"a\\tb\\\\\"", SyslogJsonEncoder.quote("\"\n\"a\tb\\"));
        assertEquals("\"\"", SyslogJsonEncoder.quote(""));
        assertEquals("\"😀\\udc00\\ud800\"", SyslogJsonEncoder.quote("😀\udc00\ud800"));
    }
}
