package io.beepkit.bench.syslog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness's reading of the collector's file: counted incrementally, times interpolated between samples. */
class LineCounterTest {
    @Test
    void countsAppendedLinesIncrementallyAndInterpolatesWhenACountWasReached(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("out.jsonl");
        SyslogFileRun.LineCounter c = new SyslogFileRun.LineCounter(file, System.nanoTime());
        c.poll();
        assertEquals(0, c.count(), "no file yet");
        Files.writeString(file, "a\nb\n", StandardCharsets.US_ASCII);
        c.poll();
        Files.writeString(file, "c\nd\ne", StandardCharsets.US_ASCII, StandardOpenOption.APPEND);
        c.poll();
        assertEquals(4, c.count(), "the unterminated line is not counted yet");
        Files.writeString(file, "\n", StandardCharsets.US_ASCII, StandardOpenOption.APPEND);
        c.poll();
        assertEquals(5, c.count());
        double t2 = c.secondsTo(2);
        double t3 = c.secondsTo(3);
        double t4 = c.secondsTo(4);
        assertTrue(t2 > 0 && t2 <= t3 && t3 <= t4 && t4 <= c.secondsTo(5), t2 + " " + t3 + " " + t4);
        assertTrue(Double.isNaN(c.secondsTo(6)), "never reached");
    }

    @Test
    void numberedLinesHaveTheAskedSizeAndDistinctNumbers(@TempDir Path dir) throws Exception {
        Path f = SyslogFileRun.NumberedLines.write(dir.resolve("lines.txt"), 1200, 120);
        var lines = Files.readAllLines(f, StandardCharsets.US_ASCII);
        assertEquals(1200, lines.size());
        assertTrue(lines.stream().allMatch(l -> l.length() == 120), lines.get(0));
        assertEquals(1200, lines.stream().map(l -> l.substring(l.indexOf("number "), l.indexOf("number ") + 14))
                .distinct().count());
    }
}
