package io.beepkit.cli;

import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.syslog.SyslogSender;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** {@code beep syslog receive} and {@code beep syslog send} against each other over 127.0.0.1. */
class SyslogCliTest {
    @TempDir
    Path dir;

    /** A {@code beep syslog receive} running in the background. */
    static final class Receiver implements AutoCloseable {
        final CommandLine cmd = BeepCli.newCommandLine();
        final SyslogReceiveCommand receive = cmd.getSubcommands().get("syslog").getSubcommands().get("receive")
                .getCommand();
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final CompletableFuture<Integer> exit;

        Receiver(String... extraArgs) throws InterruptedException {
            cmd.setOut(new PrintWriter(out, true));
            cmd.setErr(new PrintWriter(err, true));
            String[] args = new String[extraArgs.length + 4];
            args[0] = "syslog";
            args[1] = "receive";
            args[2] = "--port";
            args[3] = "0";
            System.arraycopy(extraArgs, 0, args, 4, extraArgs.length);
            exit = CompletableFuture.supplyAsync(() -> cmd.execute(args));
            // Generous: with TLS the listener builds its SSL context first, slow on a loaded 2-core machine.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (receive.boundPort() < 0) {
                if (exit.isDone() || System.nanoTime() > deadline) {
                    fail("receive did not start: " + out + err);
                }
                Thread.sleep(10);
            }
        }

        String address() {
            return "127.0.0.1:" + receive.boundPort();
        }

        int awaitExit() throws Exception {
            return exit.get(30, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws Exception {
            if (!exit.isDone()) {
                receive.requestStop();
                exit.get(15, TimeUnit.SECONDS);
            }
        }
    }

    private static final String LINES = "<34>Oct 11 22:14:15 mymachine su[1]: first\n"
            + "<165>1 2003-10-11T22:14:15.003Z host.example evntslog - ID47 [ex@1 a=\"b\"] second\n"
            + "\nplain third\n";

    @Test
    void cookedFromStandardInputPrintedAsJson() throws Exception {
        try (Receiver r = new Receiver("--count", "3", "--format", "json")) {
            Cli.Result s = Cli.syslogSend(LINES, r.address(), "--iam", "device.test");
            assertEquals(0, s.code(), s.toString());
            assertTrue(s.err().contains("sent 3 messages on COOKED to " + r.address()), s.err());
            assertEquals(0, r.awaitExit(), r.err.toString());
            List<String> out = r.out.toString().lines().toList();
            assertEquals(3, out.size(), r.out.toString());
            assertTrue(out.get(0).contains("\"message\":\"first\",\"event.original\":\"<34>Oct 11 22:14:15 "
                    + "mymachine su[1]: first\",\"host.hostname\":\"mymachine\",\"source.ip\":\"127.0.0.1\","),
                    out.get(0));
            assertTrue(out.get(0).contains("\"log.syslog.facility.code\":4,\"log.syslog.facility.name\":\"auth\","
                    + "\"log.syslog.severity.code\":2,\"log.syslog.severity.name\":\"critical\","
                    + "\"log.syslog.priority\":34,\"log.syslog.hostname\":\"mymachine\",\"log.syslog.appname\":\"su\","
                    + "\"log.syslog.procid\":\"1\",\"beep.syslog.transport\":\"COOKED\","
                    + "\"beep.syslog.format\":\"RFC3164\",\"beep.syslog.timestamp\":\"Oct 11 22:14:15\""), out.get(0));
            assertTrue(out.get(0).endsWith("\"beep.syslog.iam.fqdn\":\"device.test\",\"beep.syslog.iam.ip\":\"127.0.0.1\","
                    + "\"beep.syslog.iam.type\":\"device\"}"), out.get(0));
            assertTrue(out.get(1).startsWith("{\"@timestamp\":\"2003-10-11T22:14:15.003Z\",") && out.get(1).contains(
                    "\"beep.syslog.format\":\"RFC5424\"") && out.get(1).contains(
                    "\"beep.syslog.structured_data\":\"[ex@1 a=\\\"b\\\"]\""), out.get(1));
            assertTrue(out.get(2).contains("\"log.syslog.facility.code\":1,") && out.get(2).contains(
                    "\"log.syslog.severity.code\":5,") && out.get(2).contains("\"beep.syslog.format\":\"UNPARSED\""),
                    out.get(2));
            assertTrue(r.err.toString().contains("stopped after 3 messages"), r.err.toString());
        }
    }

    /** --rfc3164-zone: an RFC 3164 line's @timestamp is its own time read in the device's zone. */
    @Test
    void rfc3164TimestampsReadInTheGivenZoneBecomeTheTimestamp() throws Exception {
        // Two hours ago on clocks in Tokyo (the default zone) and Lima (one device's): this year whatever the date.
        java.time.Instant twoHoursAgo = java.time.Instant.now().minusSeconds(7200)
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        java.time.format.DateTimeFormatter bsd = java.time.format.DateTimeFormatter.ofPattern("MMM ppd HH:mm:ss",
                java.util.Locale.ROOT);
        String tokyo = bsd.format(twoHoursAgo.atZone(java.time.ZoneId.of("Asia/Tokyo")));
        String lima = bsd.format(twoHoursAgo.atZone(java.time.ZoneId.of("America/Lima")));
        try (Receiver r = new Receiver("--count", "2", "--format", "json", "--rfc3164-zone", "Asia/Tokyo",
                "--rfc3164-device-zone", "pe-lima=America/Lima")) {
            Cli.Result s = Cli.syslogSend("<34>" + tokyo + " sw-tokyo su: a\n<34>" + lima + " pe-lima su: b\n",
                    r.address());
            assertEquals(0, s.code(), s.toString());
            assertEquals(0, r.awaitExit(), r.err.toString());
            String expected = "{\"@timestamp\":\"" + twoHoursAgo + "\",";
            for (String line : r.out.toString().lines().toList()) {
                assertTrue(line.startsWith(expected), expected + " ... in " + line);
            }
        }
        assertEquals(ExitCodes.USAGE, Cli.run("syslog", "receive", "--rfc3164-zone", "Mars/Olympus").code());
        assertEquals(ExitCodes.USAGE, Cli.run("syslog", "receive", "--rfc3164-zone", "UTC",
                "--rfc3164-device-zone", "lima").code());
        assertEquals(ExitCodes.USAGE, Cli.run("syslog", "receive", "--rfc3164-device-zone", "a=UTC").code());
    }

    @Test
    void rawFromFileToOutputFile() throws Exception {
        Path in = Files.writeString(dir.resolve("in.log"), LINES);
        Path outFile = dir.resolve("out.log");
        try (Receiver r = new Receiver("--count", "3", "--profiles", "raw", "-o", outFile.toString())) {
            Cli.Result s = Cli.syslogSend("", r.address(), "--raw", "--file", in.toString());
            assertEquals(0, s.code(), s.toString());
            assertEquals(0, r.awaitExit(), r.err.toString());
            assertEquals(List.of("<34>Oct 11 22:14:15 mymachine su[1]: first",
                    "<165>1 2003-10-11T22:14:15.003Z host.example evntslog - ID47 [ex@1 a=\"b\"] second",
                    "plain third"), Files.readAllLines(outFile));
            assertEquals("", r.out.toString());
        }
    }

    /** A device's control characters never reach the terminal or file raw: ESC[31m would recolour it. */
    @Test
    void controlCharactersAreEscapedInLines() throws Exception {
        try (Receiver r = new Receiver("--count", "1", "--profiles", "raw")) {
            Cli.Result s = Cli.syslogSend("<34>Oct 11 22:14:15 host su: \u001b[31mred\u001b[0m bell\u0007 tab\tend\n",
                    r.address(), "--raw");
            assertEquals(0, s.code(), s.toString());
            assertEquals(0, r.awaitExit(), r.err.toString());
            assertEquals(List.of("<34>Oct 11 22:14:15 host su: #033[31mred#033[0m bell#007 tab#011end"),
                    r.out.toString().lines().toList());
        }
    }

    @Test
    void fileOptionsRotateAndAreCheckedAsUsage() throws Exception {
        Path outFile = dir.resolve("rotated.log");
        try (Receiver r = new Receiver("--count", "30", "--profiles", "raw", "-o", outFile.toString(),
                "--rotate-size", "600", "--keep", "1", "--fsync", "never")) {
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < 30; i++) {
                lines.append("<34>Oct 11 22:14:15 host su: line ").append(i).append(' ').append("x".repeat(30))
                        .append('\n');
            }
            Cli.Result s = Cli.syslogSend(lines.toString(), r.address(), "--raw");
            assertEquals(0, s.code(), s.toString());
            assertEquals(0, r.awaitExit(), r.err.toString());
        }
        assertTrue(Files.size(outFile) <= 600, "rotated before 600 octets: " + Files.size(outFile));
        assertTrue(Files.exists(dir.resolve("rotated.log.1")));
        assertFalse(Files.exists(dir.resolve("rotated.log.2")), "--keep 1");
        assertEquals(ExitCodes.USAGE, Cli.run("syslog", "receive", "--rotate-size", "1m").code(), "needs -o");
        Cli.Result bad = Cli.run("syslog", "receive", "-o", outFile.toString(), "--fsync", "often");
        assertEquals(ExitCodes.USAGE, bad.code());
        assertTrue(bad.err().contains("often"), bad.err());
    }

    /** Input that ends at a RAW checkpoint (10 000 lines) needs no further channel: the run ends there. */
    @Test
    void rawInputEndingAtACheckpointStartsNoFurtherChannel() throws Exception {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            lines.append("<34>Oct 11 22:14:15 host su: checkpoint ").append(i).append('\n');
        }
        try (Receiver r = new Receiver("--count", "10000", "--profiles", "raw")) {
            Cli.Result s = Cli.syslogSend(lines.toString(), r.address(), "--raw", "--retry-for", "1s");
            assertEquals(0, s.code(), s.toString());
            assertEquals(0, r.awaitExit(), r.err.toString());
            assertEquals(10_000, r.out.toString().lines().count());
        }
    }

    /** With --proxy-protocol a device that connects directly, without a balancer's header, is not served. */
    @Test
    void proxyProtocolRefusesADeviceWithoutTheBalancersHeader() throws Exception {
        try (Receiver r = new Receiver("--proxy-protocol")) {
            Cli.Result s = Cli.syslogSend("<34>Oct 11 22:14:15 host su: direct\n", r.address(), "--retry-for", "0",
                    "--timeout", "5s");
            assertTrue(s.code() != 0, s.toString());
            assertEquals("", r.out.toString(), "nothing was collected");
        }
    }

    /** The window the collector announced to a COOKED device on a fresh channel, once its SEQ has arrived. */
    private static int announcedWindow(Receiver r) throws Exception {
        try (BeepClient client = BeepClient.builder().build()) {
            BeepSession session = client.connect("127.0.0.1", r.receive.boundPort()).get(10, TimeUnit.SECONDS);
            SyslogSender sender = SyslogSender.cooked(session, null).get(10, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (sender.channel().remoteWindow() == 4096 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            int window = sender.channel().remoteWindow();
            sender.close();
            session.close().get(10, TimeUnit.SECONDS);
            return window;
        }
    }

    @Test
    void receiveWindowIsFixedAt256kUnlessGiven() throws Exception {
        try (Receiver r = new Receiver()) {
            assertEquals(SyslogReceiveCommand.COLLECTOR_WINDOW, announcedWindow(r));
        }
        try (Receiver r = new Receiver("--window", "64k")) {
            assertEquals(65536, announcedWindow(r));
        }
    }

    @Test
    void profileNotOfferedIsReported() throws Exception {
        try (Receiver r = new Receiver("--profiles", "raw")) {
            Cli.Result s = Cli.syslogSend(LINES, r.address());
            assertEquals(ExitCodes.PROFILE_REFUSED, s.code(), s.toString());
        }
    }

    @Test
    void saslAndTlsAsServeAndCallOfferThem() throws Exception {
        TestPki pki = TestPki.create("syslog test CA");
        TestPki.Issued cert = pki.server("localhost", "localhost", "127.0.0.1");
        Path certFile = TestPki.writeCertificates(dir.resolve("server.pem"), cert.chain());
        Path keyFile = TestPki.writeKey(dir.resolve("server.key"), cert.key());
        Path ca = TestPki.writeCertificates(dir.resolve("ca.pem"), List.of(pki.caCertificate()));
        try (Receiver r = new Receiver("--count", "3", "--tls-cert", certFile.toString(), "--tls-key",
                keyFile.toString(), "--tls-required", "--sasl-user", "dev:secret")) {
            Cli.Result plain = Cli.syslogSend(LINES, r.address());
            assertTrue(plain.code() != 0, "TLS is required: " + plain);
            Cli.Result s = Cli.syslogSend(LINES, r.address(), "--tls", "--tls-trust", ca.toString(), "--sasl", "PLAIN",
                    "--user", "dev", "--password", "secret");
            assertEquals(0, s.code(), s.toString());
            assertEquals(0, r.awaitExit(), r.err.toString());
            assertEquals(3, r.out.toString().lines().count(), r.out.toString());
        }
    }

    @Test
    void usageErrors() {
        assertEquals(ExitCodes.USAGE, Cli.syslogSend("", "127.0.0.1:601", "--raw", "--iam", "x").code());
        assertEquals(ExitCodes.USAGE, Cli.syslogSend("", "127.0.0.1:601", "--timeout", "0s").code());
        assertEquals(ExitCodes.USAGE, Cli.run("syslog", "receive", "--format", "xml").code());
        assertEquals(ExitCodes.USAGE, Cli.run("syslog", "receive", "--profiles", "udp").code());
        assertEquals(ExitCodes.USAGE, Cli.run("syslog").code());
    }

    @Test
    void kafkaOptionsAreCheckedBeforeListening() {
        Cli.Result alone = Cli.run("syslog", "receive", "-p", "0", "--kafka-topic", "syslog");
        assertEquals(ExitCodes.USAGE, alone.code());
        assertTrue(alone.err().contains("--kafka-topic and --kafka-bootstrap go together"), alone.err());
        Cli.Result weak = Cli.run("syslog", "receive", "-p", "0", "--kafka-topic", "syslog", "--kafka-bootstrap",
                "127.0.0.1:1", "--kafka-property", "acks=1");
        assertEquals(ExitCodes.USAGE, weak.code());
        assertTrue(weak.err().contains("acks=1"), weak.err());
        Cli.Result malformed = Cli.run("syslog", "receive", "-p", "0", "--kafka-topic", "syslog",
                "--kafka-bootstrap", "127.0.0.1:1", "--kafka-property", "linger.ms");
        assertEquals(ExitCodes.USAGE, malformed.code());
        assertTrue(malformed.err().contains("expected KEY=VALUE, got 'linger.ms'"), malformed.err());
    }
}
