package io.beepkit.cli;

import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.interop.VortexListener;
import io.beepkit.netty.interop.VortexPeer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code beep call} and {@code beep load} against the Vortex regression listener, and Vortex's echo client against
 * {@code beep serve}. Skipped unless {@value VortexPeer#ENV} points at a built Vortex test directory (docs/interop.md).
 */
@Tag("interop")
@EnabledIfEnvironmentVariable(named = VortexPeer.ENV, matches = ".+",
        disabledReason = "Vortex peer absent: set BEEP_VORTEX_TEST_DIR to a built libvortex-1.1/test directory (docs/interop.md)")
class VortexCliInteropTest {
    static final String REGRESSION = "http://iana.org/beep/transient/vortex-regression";
    static final int OFFSET = 310;
    @RegisterExtension
    static final VortexListener VORTEX = new VortexListener(OFFSET);
    static final int PORT = VORTEX.port();

    @Test
    void callEchoesThroughVortex() {
        Cli.Result r = Cli.run("call", "127.0.0.1:" + PORT, REGRESSION, "--data", "hello from beep call");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("hello from beep call"), r.toString());
    }

    @Test
    void callPrintsEveryAnswerOfAnAnsNulExchange() {
        Cli.Result r = Cli.run("call", "127.0.0.1:" + PORT, REGRESSION + "/simple-ans-nul", "--data", "ans-marker");
        assertEquals(0, r.code(), r.toString());
        assertEquals(30, r.out().lines().filter(l -> l.contains("ans-marker")).count(), r.toString());
    }

    @Test
    void callOnARefusedProfileExitsWithOneLine() {
        Cli.Result r = Cli.run("call", "127.0.0.1:" + PORT, REGRESSION + "/deny_supported", "--data", "x");
        assertEquals(ExitCodes.PROFILE_REFUSED, r.code(), r.toString());
        assertEquals(1, r.errLines().length, r.toString());
    }

    @Test
    void loadAgainstVortexCompletesWithoutErrors() {
        Cli.Result r = Cli.run("load", "127.0.0.1:" + PORT, REGRESSION, "--channels", "2", "--in-flight", "4",
                "--size", "4098", "--count", "2000", "--quiet");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains(": 2000 messages answered, 2000 ok, 0 errors"), r.toString());
    }

    @Test
    void vortexEchoClientAgainstBeepServe() throws Exception {
        try (Cli.Server server = new Cli.Server()) {
            Path dir = VORTEX.dir();
            Process p = new ProcessBuilder(VortexPeer.program(dir, "vortex-client-echo").toString(), "127.0.0.1",
                    Integer.toString(server.port())).directory(dir.toFile()).redirectErrorStream(true).start();
            boolean done = p.waitFor(30, TimeUnit.SECONDS);
            String out = new String(p.getInputStream().readAllBytes());
            if (!done) {
                p.destroyForcibly();
            }
            assertTrue(done, "vortex-client-echo did not finish: " + out);
            assertEquals(0, p.exitValue(), "vortex-client-echo failed: " + out);
            server.awaitOutput("session #1 closed");
        }
    }
}
