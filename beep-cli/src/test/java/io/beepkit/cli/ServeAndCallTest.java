package io.beepkit.cli;

import io.beepkit.core.profiles.StandardProfiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code beep serve} in the background, {@code beep call} against it. */
class ServeAndCallTest {
    static Cli.Server server;

    @BeforeAll
    static void serve() throws Exception {
        server = new Cli.Server("--echo-uri", "urn:test:echo", "--window", "8k");
    }

    @AfterAll
    static void stop() throws Exception {
        assertEquals(0, server.stop(), server.output());
        String out = server.output();
        assertTrue(out.contains("stopping: releasing"), out);
        assertTrue(out.contains("stopped after"), out);
    }

    @Test
    void serveDescribesItselfAndLogsSessions() throws Exception {
        Cli.Result r = Cli.run("call", server.address(), StandardProfiles.SINK, "--data", "x");
        assertEquals(0, r.code(), r.toString());
        String out = server.output();
        assertTrue(out.contains("listening on 127.0.0.1:" + server.port()), out);
        assertTrue(out.contains("urn:test:echo (echo)"), out);
        assertTrue(out.contains(StandardProfiles.SINK + " (sink)"), out);
        assertTrue(out.contains("socket profile: default@8192 (window 8192"), out);
        server.awaitOutput("socket options effective: transport=");
        String closed = "\\d\\d:\\d\\d:\\d\\d\\.\\d{3} session #\\d+ closed: peer 127\\.0\\.0\\.1:\\d+, [0-9.]+ s, "
                + "1 channel, 1 message, frames in 1 out 1, octets in 3 out 2"; // "x" and the empty RPY, CRLF each
        server.awaitLine(closed);
        out = server.output();
        assertEquals(1, out.split("socket options effective", -1).length - 1, "printed once:\n" + out);
        assertTrue(out.lines().anyMatch(l -> l.matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} session #\\d+ opened: peer 127\\.0\\.0\\.1:\\d+")),
                out);
    }

    @Test
    void callEchoPrintsTheReplyBody() {
        Cli.Result r = Cli.run("call", server.address(), StandardProfiles.ECHO, "--data", "hello beep");
        assertEquals(0, r.code(), r.toString());
        assertEquals("hello beep\n", r.out());
        assertEquals("", r.err());
    }

    @Test
    void callOnAnExtraEchoUri() {
        Cli.Result r = Cli.run("call", server.address(), "urn:test:echo", "-d", "again");
        assertEquals(0, r.code(), r.toString());
        assertEquals("again\n", r.out());
    }

    @Test
    void verboseShowsGreetingAndReplyHeaders() {
        Cli.Result r = Cli.run("call", "-v", server.address(), StandardProfiles.ECHO, "-d", "hi",
                "-H", "Content-Type: text/plain", "--header", "X-Test:1");
        assertEquals(0, r.code(), r.toString());
        assertEquals("hi\n", r.out());
        assertTrue(r.err().contains("* peer greeting: profiles " + StandardProfiles.ECHO), r.err());
        assertTrue(r.err().contains("localize i-default"), r.err());
        assertTrue(r.err().contains("* channel 1 started on " + StandardProfiles.ECHO), r.err());
        assertTrue(r.err().contains("*   Content-Type: text/plain"), r.err());
        assertTrue(r.err().contains("*   X-Test: 1"), r.err());
    }

    @Test
    void traceShowsFramesAndSeqBothWays() {
        Cli.Result r = Cli.run("call", "--trace", server.address(), StandardProfiles.ECHO, "-d", "0123456789");
        assertEquals(0, r.code(), r.toString());
        String err = r.err();
        assertTrue(err.contains("-> RPY 0 0 . 0 "), err); // our greeting
        assertTrue(err.contains("<- RPY 0 0 . 0 "), err); // theirs
        assertTrue(err.contains("-> MSG 1 0 . 0 12"), err); // CRLF + 10 octets
        assertTrue(err.contains("<- RPY 1 0 . 0 12"), err);
        assertTrue(err.lines().anyMatch(l -> l.contains("-> SEQ 1 0 65536")), err);
        assertTrue(err.lines().anyMatch(l -> l.contains("<- SEQ 1 0 8192")), err);
        assertTrue(err.lines().allMatch(l -> l.matches("\\s*\\d+\\.\\d{3} ms  (->|<-) [A-Z]{3} .*")), err);
    }

    @Test
    void bodyFromFileAndFromStandardInput(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("body.txt");
        Files.writeString(file, "from a file\n");
        Cli.Result r = Cli.run("call", server.address(), StandardProfiles.ECHO, "--file", file.toString());
        assertEquals(0, r.code(), r.toString());
        assertEquals("from a file\n", r.out());

        Cli.Result s = Cli.run(cmd -> ((CallCommand) cmd.getSubcommands().get("call").getCommand()).stdin =
                new ByteArrayInputStream("from stdin".getBytes(StandardCharsets.UTF_8)),
                "call", server.address(), StandardProfiles.ECHO);
        assertEquals(0, s.code(), s.toString());
        assertEquals("from stdin\n", s.out());
    }

    @Test
    void sinkRepliesEmpty() {
        Cli.Result r = Cli.run("call", server.address(), StandardProfiles.SINK, "-d", "dropped");
        assertEquals(0, r.code(), r.toString());
        assertEquals("", r.out());
    }

    @Test
    void refusedProfileExitsWith4AndOneLine() {
        Cli.Result r = Cli.run("call", server.address(), "urn:not:offered", "-d", "x");
        assertEquals(ExitCodes.PROFILE_REFUSED, r.code(), r.toString());
        assertEquals("", r.out());
        assertEquals(1, r.errLines().length, r.err());
        String line = r.errLines()[0];
        assertTrue(line.startsWith("beep call: profile refused by peer: urn:not:offered: 550"), line);
        assertTrue(line.contains("not offered; peer offers " + StandardProfiles.ECHO), line);
    }
}
