package io.beepkit.cli;

import io.beepkit.core.profiles.StandardProfiles;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code beep call} against a listener that accepts and never greets: exit code 5 with one line, and nothing of the
 * client left running once the command returned, so that the process ends as soon as main does (its wall time is
 * measured in docs/cli.md, not here). Also the command line main builds: only the command it runs.
 */
class PromptExitTest {
    @Test
    void aSilentListenerTimesOutWithOneLineAndNoClientThreadLeft() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            silent.setSoTimeout(10_000);
            String target = "127.0.0.1:" + silent.getLocalPort();
            CompletableFuture<Cli.Result> call = CompletableFuture.supplyAsync(
                    () -> Cli.run("call", target, StandardProfiles.ECHO, "-d", "x", "--timeout", "1s"));
            try (Socket accepted = silent.accept()) {
                Cli.Result r = call.get(15, TimeUnit.SECONDS);
                assertEquals(ExitCodes.TIMEOUT, r.code(), r.toString());
                assertEquals("", r.out());
                assertEquals(1, r.errLines().length, r.err());
                assertEquals("beep call: timed out after 1.0 s connecting to " + target, r.errLines()[0]);
                // The connection ends (after the client's greeting, if it got that far): it was not left open.
                accepted.setSoTimeout(10_000);
                accepted.getInputStream().readAllBytes();
            }
        }
        // The client's event loops ended before the command returned: nothing is left for the JVM to wait for.
        Set<Thread> threads = Thread.getAllStackTraces().keySet();
        assertTrue(threads.stream().noneMatch(t -> t.isAlive() && t.getName().startsWith("beep-client")),
                threads.toString());
    }

    @Test
    void mainBuildsOnlyTheCommandItRuns() {
        assertEquals(Set.of("call"), BeepCli.newCommandLine(new String[] {"--log-level", "warn", "call", "-h"})
                .getSubcommands().keySet());
        assertEquals(Set.of("syslog"), BeepCli.newCommandLine(new String[] {"syslog", "send"})
                .getSubcommands().keySet());
        assertEquals(Set.of("serve", "call", "load", "demo", "syslog", "help"),
                BeepCli.newCommandLine(new String[] {"help", "call"}).getSubcommands().keySet());
        assertEquals(6, BeepCli.newCommandLine(new String[] {"--version"}).getSubcommands().size());
        assertEquals(6, BeepCli.newCommandLine(new String[] {"cal"}).getSubcommands().size()); // a typo: suggestions
        assertNull(BeepCli.commandName(new String[] {"--log-level", "call"}));
    }
}
