package io.beepkit.cli;

import io.beepkit.core.profiles.StandardProfiles;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code beep load} against {@code beep serve}. */
class LoadTest {
    @Test
    void loadWithCountReportsThroughputLatencyAndFrames() throws Exception {
        try (Cli.Server server = new Cli.Server()) {
            Cli.Result r = Cli.run("load", server.address(), StandardProfiles.SINK, "--sessions", "2", "--channels", "2",
                    "--in-flight", "4", "--size", "512", "--count", "400");
            assertEquals(0, r.code(), r.toString());
            String out = r.out();
            assertTrue(out.contains("2 sessions x 2 channels x 4 in flight, 512-octet messages, 400 messages"), out);
            assertTrue(out.contains(": 400 messages answered, 400 ok, 0 errors"), out);
            assertTrue(out.matches("(?s).*throughput:  [0-9.]+ msgs/s, [0-9.]+ MB/s sent, [0-9.]+ MB/s received.*"), out);
            assertTrue(out.matches("(?s).*latency:     min [0-9.]+ ms, p50 [0-9.]+ ms, p90 [0-9.]+ ms, p99 [0-9.]+ ms, "
                    + "max [0-9.]+ ms.*"), out);
            Matcher m = Pattern.compile("frames:      sent (\\d+) \\(([0-9.]+) per message, (\\d+) tiny\\), received (\\d+) "
                    + "\\(([0-9.]+) per message\\)").matcher(out);
            assertTrue(m.find(), out);
            assertEquals("400", m.group(1)); // 512 octets always fit one frame
            assertEquals("1.00", m.group(2));
            assertEquals("0", m.group(3));
            assertEquals("400", m.group(4));
            assertTrue(out.contains("errors:      0"), out);
            assertEquals("", r.err());
            server.awaitOutput("session #2 closed");
            assertTrue(server.output().contains(", 2 channels, "), server.output());
        }
    }

    @Test
    void directCallbacksRunTheLoadOnTheEventLoop(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        try (Cli.Server server = new Cli.Server()) {
            java.nio.file.Path json = dir.resolve("paced.json");
            Cli.Result r = Cli.run("load", server.address(), StandardProfiles.ECHO, "--direct-callbacks", "--size", "64",
                    "-m", "2", "--count", "300", "--rate", "2000", "--json", json.toString());
            assertEquals(0, r.code(), r.toString());
            // Paced: also the latency from each actual send, which leaves out the wait behind late replies.
            assertTrue(r.out().matches("(?s).*\nfrom send:   min [0-9.]+ ms, p50 [0-9.]+ ms, .* \\(paced: without "
                    + "the wait behind late replies\\)\n.*"), r.out());
            assertTrue(java.nio.file.Files.readString(json).contains("\"latency_from_send_ms\": {\"min\": "),
                    java.nio.file.Files.readString(json));
            assertTrue(r.out().contains("socket profile default (window 65536..1048576, max frame 65536, min fragment "
                    + "512), callbacks on the event loop"), r.out());
            assertTrue(r.out().contains(": 300 messages answered, 300 ok, 0 errors"), r.out());
        }
        try (Cli.Server server = new Cli.Server()) {
            Cli.Result r = Cli.run("load", server.address(), StandardProfiles.ECHO, "--count", "10");
            assertEquals(0, r.code(), r.toString());
            assertTrue(!r.out().contains("callbacks on the event loop"), r.out());
            assertTrue(!r.out().contains("from send:"), "closed loop: one latency only\n" + r.out());
        }
    }

    @Test
    void loadForADurationPrintsProgressAndStopsByItself() throws Exception {
        try (Cli.Server server = new Cli.Server("--profile", "bulk")) {
            Cli.Result r = Cli.run("load", server.address(), StandardProfiles.ECHO, "--duration", "1.3s", "--size", "8k",
                    "-m", "2", "--profile", "bulk");
            assertEquals(0, r.code(), r.toString());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("\\[\\s+1\\.0 s\\] \\d+ done, \\d+ msgs/s, [0-9.]+ MB/s, "
                    + "\\d+ in flight, 0 errors")), r.out());
            assertTrue(r.out().contains(" ok, 0 errors"), r.out());
        }
    }

    @Test
    void warmUpExtraChannelAndJsonReport(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        try (Cli.Server server = new Cli.Server()) {
            java.nio.file.Path json = dir.resolve("report.json");
            Cli.Result r = Cli.run("load", server.address(), StandardProfiles.SINK, "--size", "16k", "-m", "4",
                    "--duration", "0.8s", "--warmup", "0.4s", "--extra-channel", StandardProfiles.ECHO
                            + ",size=64,in-flight=1", "--json", json.toString(), "-q");
            assertEquals(0, r.code(), r.toString());
            String out = r.out();
            assertTrue(out.contains("extra channel per session: " + StandardProfiles.ECHO + ", 64-octet messages, "
                    + "1 in flight"), out);
            assertTrue(out.contains("warm-up 0.4 s (not measured)"), out);
            assertTrue(out.matches("(?s).*extra " + Pattern.quote(StandardProfiles.ECHO) + " \\(64 octets, 1 in "
                    + "flight\\): \\d+ answered, [0-9.]+ msgs/s, latency min [0-9.]+ ms, p50 .*"), out);
            String text = java.nio.file.Files.readString(json);
            assertTrue(text.contains("\"role\": \"main\", \"uri\": \"" + StandardProfiles.SINK + "\", \"size\": 16384"),
                    text);
            assertTrue(text.contains("\"role\": \"extra\", \"uri\": \"" + StandardProfiles.ECHO + "\""), text);
            Matcher seconds = Pattern.compile("\"seconds\": ([0-9.]+)").matcher(text);
            assertTrue(seconds.find(), text);
            double secs = Double.parseDouble(seconds.group(1));
            assertTrue(secs >= 0.7 && secs < 1.1, "measured " + secs + " s excludes the warm-up");
            Matcher p99 = Pattern.compile("\"p99\": ([0-9.]+)").matcher(text);
            assertTrue(p99.find() && Double.parseDouble(p99.group(1)) > 0, text);
        }
    }

    @Test
    void aTargetRateIsHeldAndMeasuredFromTheSchedule() throws Exception {
        try (Cli.Server server = new Cli.Server()) {
            Cli.Result r = Cli.run("load", server.address(), StandardProfiles.ECHO, "--size", "64", "--rate", "200",
                    "--duration", "1s", "--json", "-", "-q");
            assertEquals(0, r.code(), r.toString());
            Matcher rate = Pattern.compile("\"msgs_per_s\": ([0-9.]+)").matcher(r.out());
            assertTrue(rate.find(), r.out());
            double msgs = Double.parseDouble(rate.group(1));
            assertTrue(msgs > 150 && msgs < 250, "rate " + msgs + " for a target of 200");
        }
    }

    @Test
    void aBadExtraChannelIsAUsageError() throws Exception {
        Cli.Result r = Cli.run("load", "127.0.0.1:1", StandardProfiles.ECHO, "--extra-channel", "urn:x,colour=red");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("unknown setting 'colour=red'"), r.err());
    }

    @Test
    void socketBuffersAndNagleFromTheCommandLine() throws Exception {
        try (Cli.Server server = new Cli.Server("--rcvbuf", "8k", "--nagle", "on")) {
            Cli.Result r = Cli.run("load", server.address(), StandardProfiles.SINK, "--size", "4096", "--count", "50",
                    "--rcvbuf", "8k", "--sndbuf", "8k", "--nagle", "on");
            assertEquals(0, r.code(), r.toString());
            assertTrue(r.out().contains("socket profile default,rcvbuf=8192,sndbuf=8192,nagle=on ("), r.out());
            assertTrue(r.out().contains(": 50 messages answered, 50 ok, 0 errors"), r.out());
        }
        Cli.Result bad = Cli.run("load", "127.0.0.1:1", StandardProfiles.SINK, "--nagle", "maybe");
        assertEquals(2, bad.code(), bad.toString());
        assertTrue(bad.err().contains("--nagle must be on or off: maybe"), bad.err());
    }
}
