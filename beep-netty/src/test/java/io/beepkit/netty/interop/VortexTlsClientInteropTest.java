package io.beepkit.netty.interop;

import io.beepkit.api.BeepSession;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.tls.KeyMaterial;
import io.beepkit.netty.tls.TlsConfig;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Vortex's own TLS client against our listener: {@code vortex-regression-client --run-test=test_05} starts TLS on
 * a session with our {@code BeepServer} (serving Vortex's test certificate and key, read from its test folder), then
 * sends 20 large messages on the regression profile over the secured session and checks every echo. Skipped unless
 * {@value VortexPeer#ENV} points at a built Vortex.
 */
@Tag("interop")
@EnabledIfEnvironmentVariable(named = VortexPeer.ENV, matches = ".+",
        disabledReason = "Vortex peer absent: set BEEP_VORTEX_TEST_DIR to a built libvortex-1.1/test directory (docs/interop.md)")
class VortexTlsClientInteropTest {
    static final int OFFSET = 430;
    static final int PORT = 44010 + OFFSET;
    static final String REGRESSION = "http://iana.org/beep/transient/vortex-regression";
    static Path dir;

    @BeforeAll
    static void peer() {
        dir = VortexPeer.testDir();
        Assumptions.assumeTrue(dir != null, VortexPeer.skipReason());
    }

    @Test
    void vortexRegressionTest05SecuresASessionWithOurListener() throws Exception {
        List<BeepSession> sessions = new CopyOnWriteArrayList<>();
        TlsConfig tls = TlsConfig.builder().keyMaterial(KeyMaterial.fromPem(dir.resolve("test-certificate.pem"),
                dir.resolve("test-private-key.pem"), null)).build();
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", PORT).tls(tls)
                .profile(REGRESSION, StandardProfiles.echo()).onSession(sessions::add).build()
                .start().get(5, TimeUnit.SECONDS)) {
            Process p = new ProcessBuilder(VortexPeer.program(dir, "vortex-regression-client").toString(),
                    "--offset-port=" + OFFSET, "--run-test=test_05", "127.0.0.1")
                    .directory(dir.toFile()).redirectErrorStream(true).start();
            boolean done = p.waitFor(60, TimeUnit.SECONDS);
            String out = new String(p.getInputStream().readAllBytes());
            if (!done) {
                p.destroyForcibly();
            }
            assertTrue(done, "vortex-regression-client did not finish: " + out);
            assertEquals(0, p.exitValue(), "test_05 failed: " + out);
            assertTrue(out.contains("Test 05: TLS connection activated"), out);
            assertTrue(sessions.stream().anyMatch(BeepSession::isSecure), "a session of ours was secured");
            System.out.println(out.lines().filter(l -> l.contains("Test 05")).reduce("", (a, b) -> a + b + "\n"));
        }
    }
}
