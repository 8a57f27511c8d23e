package io.beepkit.syslog.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogTransport;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing of what a peer's RFC 3195 traffic reaches: the COOKED XML reader, the RAW answer reader
 * (header section, then lines) and the syslog text parser. Properties: only {@link SyslogViolation} escapes; a parsed
 * entry written again reads back the same; lines never hold CR LF nor exceed the limit. In a normal build only the
 * committed seeds run (src/test/resources/.../SyslogParserFuzzTestInputs); {@code JAZZER_FUZZ=1} fuzzes.
 */
class SyslogParserFuzzTest {
    @FuzzTest(maxDuration = "5m")
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // a fuzzing run lasts maxDuration; the test-jar's default is 60 s
    void cookedXml(byte[] body) {
        String xml = new String(body, StandardCharsets.UTF_8);
        Object parsed;
        try {
            parsed = CookedXml.parse(xml);
        } catch (SyslogViolation expected) {
            assertTrue(expected.code() == 500 || expected.code() == 501 || expected.code() == 550);
            return;
        }
        if (parsed instanceof CookedEntry e) {
            // Written again, it reads back the same, control characters aside (they are replaced when written).
            CookedEntry again = (CookedEntry) CookedXml.parse(CookedXml.writeEntry(e));
            assertEquals(CookedXml.xmlChars(e.text()).replace("\r\n", "\n").replace('\r', '\n'),
                    again.text().replace("\r\n", "\n").replace('\r', '\n'));
            assertEquals(e.facility(), again.facility());
            assertEquals(e.hostname() == null ? null : CookedXml.xmlChars(e.hostname()), again.hostname());
            SyslogTextParser.parse(e.text(), SyslogMessage.builder().transport(SyslogTransport.COOKED)).build();
        }
    }

    @FuzzTest(maxDuration = "5m")
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // a fuzzing run lasts maxDuration; the test-jar's default is 60 s
    void rawAnswer(FuzzedDataProvider data) {
        int maxLine = data.consumeInt(1, 256);
        EntityBodyReader body = new EntityBodyReader();
        RawLineSplitter splitter = new RawLineSplitter(maxLine, 64);
        List<String> lines = new ArrayList<>();
        try {
            while (data.remainingBytes() > 0) {
                lines.addAll(splitter.feed(body.feed(data.consumeBytes(data.consumeInt(0, 64)))));
            }
            lines.addAll(splitter.feed(body.end()));
            lines.addAll(splitter.end());
        } catch (SyslogViolation expected) {
            assertEquals(550, expected.code());
        }
        for (String line : lines) {
            assertFalse(line.isEmpty());
            assertFalse(line.contains("\r\n"), line);
            assertTrue(line.getBytes(StandardCharsets.UTF_8).length <= maxLine * 3, line);
            SyslogMessage m = SyslogTextParser.parse(line, SyslogMessage.builder().transport(SyslogTransport.RAW))
                    .build();
            assertEquals(line, m.text());
            assertTrue(m.facility() >= -1 && m.facility() <= 23);
        }
    }
}
