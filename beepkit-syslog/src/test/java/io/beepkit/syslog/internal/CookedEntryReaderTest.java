package io.beepkit.syslog.internal;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The parser-free reading of simple entries gives exactly what the hardened XML parser gives, refusals included. */
class CookedEntryReaderTest {
    private static final List<String> ENTRIES = List.of(
            "<entry facility='20' severity='5' timestamp='2026-11-25T18:00:00Z' hostname='web01' tag='app'>"
                    + "&lt;165&gt;1 2026-11-25T18:00:00Z web01 app 42 ID47 - hi &amp; &lt;bye&gt; &quot;q&apos;</entry>",
            "  <entry>plain</entry>\n", "<entry facility=\"3\">x</entry>", "<entry\tfacility='3'\n>x</entry>",
            "<entry facility='24'>x</entry>", "<entry severity='8'>x</entry>", "<entry facility=''>x</entry>",
            "<entry facility='1' facility='2'>x</entry>", "<entry bogus='1'>x</entry>", "<entry>a<b/>c</entry>",
            "<entry>a</entry><entry>b</entry>", "<entry>a</entry>junk", "<entry>a]]>b</entry>", "<entry>a\rb</entry>",
            "<entry>a\tb\nc</entry>", "<entry hostname='a\tb'>x</entry>", "<entry>&#65;</entry>", "<entry>&x;</entry>",
            "<entry>a & b</entry>", "<entry tag='a>b'>x</entry>", "<entry tag='a<b'>x</entry>",
            "<?xml version='1.0'?><entry>x</entry>", "<entry>caf\u00e9 \ud83d\ude00</entry>", "<entry/>",
            "<entry >x</entry >", "<entryx>x</entryx>", "<entry facility = '1'>x</entry>", "<entry>\u0001</entry>",
            "<entry hostname='" + "h".repeat(256) + "'>x</entry>", "<entry tag='" + "t".repeat(255) + "'>x</entry>",
            "<iam fqdn='a' ip='1.2.3.4' type='device'/>", "<entry>unterminated", "<entry facility='1'x='2'>y</entry>",
            "<entry deviceFQDN='d.example' deviceIP='192.0.2.1' pathID='p1'>x</entry>", "<entry>]]&gt;</entry>");

    private static String outcome(java.util.function.Supplier<Object> parse) {
        try {
            return "ok " + parse.get();
        } catch (SyslogViolation v) {
            return "refused " + v.code() + " " + v.getMessage();
        }
    }

    @Test
    void simpleEntriesAreReadWithoutTheParserAndAgreeWithIt() {
        List<String> texts = new ArrayList<>(ENTRIES);
        Random random = new Random(3195);
        String alphabet = "<>/'\"&;= \t\r\nab]x";
        for (int i = 0; i < 3_000; i++) {
            char[] c = ENTRIES.get(0).toCharArray();
            for (int e = 0; e < 1 + random.nextInt(2); e++) {
                c[random.nextInt(c.length)] = alphabet.charAt(random.nextInt(alphabet.length()));
            }
            texts.add(new String(c));
        }
        for (String xml : texts) {
            assertEquals(outcome(() -> CookedXml.parseStrictly(xml)), outcome(() -> CookedXml.parse(xml)), xml);
        }
    }

    @Test
    void theUsualEntryTakesTheFastPathAndOddOnesDoNot() {
        assertNotNull(CookedEntryReader.read(ENTRIES.get(0), java.util.Set.of("facility", "severity", "timestamp",
                "hostname", "tag")));
        assertNull(CookedEntryReader.read("<entry>&#65;</entry>", java.util.Set.of()));
        assertNull(CookedEntryReader.read("<?xml version='1.0'?><entry>x</entry>", java.util.Set.of()));
    }
}
