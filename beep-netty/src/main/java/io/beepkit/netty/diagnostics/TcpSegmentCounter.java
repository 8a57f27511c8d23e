package io.beepkit.netty.diagnostics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The host's count of TCP segments sent, from the {@code OutSegs} field of {@code /proc/net/snmp} (Linux only; -1
 * elsewhere). Read it before and after a run: on loopback both peers' segments count, so the difference divided by
 * the exchanges made is segments per exchange, the figure {@code beep demo} and the benchmarks print (other traffic on
 * the host adds noise).
 */
public final class TcpSegmentCounter {
    private static final Path SNMP = Path.of("/proc/net/snmp");

    private TcpSegmentCounter() {
    }

    /** True when the counter can be read on this host. */
    public static boolean available() {
        return outSegments() >= 0;
    }

    /** TCP segments the host has sent since boot, or -1 where the counter cannot be read. */
    public static long outSegments() {
        try {
            return parse(Files.readAllLines(SNMP));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The OutSegs value of the {@code Tcp:} lines of a {@code /proc/net/snmp} text, or -1. */
    static long parse(List<String> lines) {
        String[] names = null;
        for (String line : lines) {
            if (!line.startsWith("Tcp:")) {
                continue;
            }
            String[] fields = line.trim().split("\\s+");
            if (names == null) {
                names = fields;
                continue;
            }
            for (int i = 1; i < names.length && i < fields.length; i++) {
                if (names[i].equals("OutSegs")) {
                    return Long.parseLong(fields[i]);
                }
            }
        }
        return -1;
    }
}
