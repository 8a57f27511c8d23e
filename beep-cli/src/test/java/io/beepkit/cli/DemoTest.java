package io.beepkit.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code beep demo} with a short measuring time and two rounds: the table's shape, not its numbers. */
class DemoTest {
    @Test
    void demoPrintsTheSixRowTable() {
        Cli.Result r = Cli.run("demo", "--duration", "0.6s", "--rounds", "2");
        assertEquals(0, r.code(), r.toString());
        List<String> lines = r.out().lines().toList();
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("profile")).findFirst().orElseThrow());
        assertTrue(lines.get(header).matches("profile\\s+size\\s+msgs/s\\s+spread\\s+MB/s\\s+frames/msg\\s+tiny frames\\s+segs/msg"),
                lines.get(header));
        String[][] expected = {{"legacy", "4096"}, {"legacy", "4098"}, {"efficient", "4096"}, {"efficient", "4098"},
            {"default", "4096"}, {"default", "4098"}};
        for (int i = 0; i < expected.length; i++) {
            String row = lines.get(header + 1 + i);
            String[] cells = row.trim().split("\\s+");
            assertEquals(8, cells.length, row);
            assertEquals(expected[i][0], cells[0], row);
            assertEquals(expected[i][1], cells[1], row);
            assertTrue(Double.parseDouble(cells[2]) > 0, row);
            assertTrue(cells[3].endsWith("%") && Double.parseDouble(cells[3].replace("%", "")) >= 0, row);
            assertTrue(Double.parseDouble(cells[4]) > 0, row);
            double framesPerMessage = Double.parseDouble(cells[5]);
            Long.parseLong(cells[6]);
            double segments = Double.parseDouble(cells[7]); // NaN where the host's TCP counters are unreadable
            assertTrue(Double.isNaN(segments) || segments > 0, row);
            if (expected[i][1].equals("4096")) {
                assertEquals(1.0, framesPerMessage, 0.001, row); // exactly the window: one frame
            } else {
                assertTrue(framesPerMessage >= 1.99, row); // two octets over: always split
            }
        }
        assertTrue(r.out().contains("2 interleaved rounds of 0.30 s per case"), r.out());
        assertTrue(r.out().contains("msgs/s = median of the rounds"), r.out());
    }

    @Test
    void demoRejectsABadDuration() {
        Cli.Result r = Cli.run("demo", "--duration", "0");
        assertEquals(ExitCodes.USAGE, r.code(), r.toString());
    }
}
