package io.beepkit.cli;

import io.beepkit.core.profiles.StandardProfiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Usage errors (exit code 2), --help everywhere, unreachable listeners (exit code 3). */
class UsageAndConnectionTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "nonsense",
        "call",
        "call 127.0.0.1:1",
        "call 127.0.0.1:99999 urn:x -d x",
        "call host:port urn:x -d x",
        "call 127.0.0.1:1 urn:x --data a --file b",
        "call 127.0.0.1:1 urn:x -d x --header nocolon",
        "call 127.0.0.1:1 urn:x -d x --timeout soon",
        "call 127.0.0.1:1 urn:x --file /nonexistent/beep-cli-test",
        "serve --profile turbo",
        "serve --window 1",
        "serve --window 65m",
        "serve --port 70000",
        "serve --memory-budget 1k",
        "serve --listener-memory-budget 63k",
        "serve --memory-budget-timeout 0s",
        "serve --channel-request-timeout 0",
        "serve --max-starts-per-second 0",
        "serve --max-sessions-per-address -1",
        "serve --stats-interval 0s",
        "serve --no-such-option",
        "load 127.0.0.1:1 urn:x --count 5 --duration 1s",
        "load 127.0.0.1:1 urn:x --size 1",
        "load 127.0.0.1:1 urn:x --sessions 0",
        "load 127.0.0.1:1 urn:x --size 10x",
        "demo --duration fast",
        "serve --log-level loud",
    })
    void badArgumentsExitWith2AndOneLine(String args) {
        Cli.Result r = Cli.run(args.isEmpty() ? new String[0] : args.split(" "));
        assertEquals(ExitCodes.USAGE, r.code(), r.toString());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.errLines()[0].startsWith("beep"), r.err());
        assertTrue(r.errLines()[0].contains("--help"), r.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "serve", "call", "load", "demo"})
    void everyCommandHasHelp(String command) {
        Cli.Result r = Cli.run(command.isEmpty() ? new String[] {"--help"} : new String[] {command, "--help"});
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("Usage: beep"), r.out());
        assertTrue(r.out().contains("Exit codes:"), r.out());
        assertTrue(r.out().contains("4  profile refused"), r.out());
    }

    @Test
    void versionIsPrinted() {
        Cli.Result r = Cli.run("--version");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("beep "), r.out());
    }

    static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    @Test
    void unreachablePortExitsWith3AndOneLine() throws Exception {
        int port = closedPort();
        Cli.Result r = Cli.run("call", "127.0.0.1:" + port, StandardProfiles.ECHO, "-d", "x");
        assertEquals(ExitCodes.CONNECTION, r.code(), r.toString());
        assertEquals("", r.out());
        assertEquals(1, r.errLines().length, r.err());
        assertEquals("beep call: cannot connect to 127.0.0.1:" + port + ": connection refused", r.errLines()[0]);
    }

    @Test
    void listenerRefusingTheSessionShowsItsCodeAndText() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            listening.setSoTimeout(10_000);
            int port = listening.getLocalPort();
            CompletableFuture<Cli.Result> call = CompletableFuture.supplyAsync(
                    () -> Cli.run("call", "127.0.0.1:" + port, StandardProfiles.ECHO, "-d", "x"));
            try (Socket peer = listening.accept()) {
                // The listener's greeting is an ERR refusing the session (RFC 3080 2.3.1.1).
                byte[] payload = ("Content-Type: application/beep+xml\r\n\r\n"
                        + "<error code='421'>service not available</error>").getBytes(StandardCharsets.UTF_8);
                OutputStream out = peer.getOutputStream();
                out.write(("ERR 0 0 . 0 " + payload.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(payload);
                out.write("END\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Cli.Result r = call.get(10, TimeUnit.SECONDS);
                assertEquals(ExitCodes.CONNECTION, r.code(), r.toString());
                assertEquals(1, r.errLines().length, r.err());
                assertEquals("beep call: the listener at 127.0.0.1:" + port
                        + " refused the session: 421 service not available", r.errLines()[0]);
            }
        }
    }

    @Test
    void loadAgainstAnUnreachablePortExitsWith3() throws Exception {
        int port = closedPort();
        Cli.Result r = Cli.run("load", "127.0.0.1:" + port, StandardProfiles.SINK, "--count", "10", "--sessions", "3");
        assertEquals(ExitCodes.CONNECTION, r.code(), r.toString());
        assertEquals(1, r.errLines().length, r.err());
        assertEquals("beep load: cannot connect to 127.0.0.1:" + port + ": connection refused", r.errLines()[0]);
    }

    @Test
    void listeningOnABusyPortExitsWith3() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            Cli.Result r = Cli.run("serve", "--port", Integer.toString(busy.getLocalPort()), "--duration", "1s");
            assertEquals(ExitCodes.CONNECTION, r.code(), r.toString());
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.errLines()[0].startsWith("beep serve: cannot listen on 127.0.0.1:" + busy.getLocalPort()),
                    r.err());
        }
    }

    @Test
    void loadWithARefusedProfileExitsWith4() throws Exception {
        try (Cli.Server server = new Cli.Server()) {
            Cli.Result r = Cli.run("load", server.address(), "urn:none", "--count", "5");
            assertEquals(ExitCodes.PROFILE_REFUSED, r.code(), r.toString());
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.errLines()[0].startsWith("beep load: profile refused by peer: urn:none: 550"), r.err());
        }
    }

    @Test
    void serveStopsByItselfAfterDuration() {
        Cli.Result r = Cli.run("serve", "--port", "0", "--duration", "0.2s");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("listening on 127.0.0.1:"), r.out());
        assertTrue(r.out().contains("stopped after 0 sessions"), r.out());
    }
}
