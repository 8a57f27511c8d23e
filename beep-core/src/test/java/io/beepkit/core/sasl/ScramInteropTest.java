package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslMechanism;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.security.sasl.SaslException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SCRAM against an independent implementation, Python's scramp, at the mechanism level: our client against its
 * server and its client against our server, SHA-1 and SHA-256, right and wrong passwords, and a user name and
 * password that need saslname escaping and SASLprep. The Python side runs as a subprocess
 * ({@code scram/scramp_peer.py}); messages cross as base64 lines. Skipped where {@code python3} or scramp is absent
 * ({@code pip install scramp}).
 */
class ScramInteropTest {
    static final String USER = "bob";
    static final String PASSWORD = "pencil";
    // a name with both characters saslname escapes, and a password SASLprep changes (soft hyphen, NBSP, U+2168)
    static final String ODD_USER = "b=o,b";
    static final String ODD_PASSWORD = "p\u00ADen\u00A0cil\u2168\u00E4";
    static Path script;

    @BeforeAll
    static void needsScramp() throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("python3", "-c", "import scramp").redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("python3 is not installed: SCRAM interop with scramp skipped");
            return;
        }
        boolean done = p.waitFor(30, TimeUnit.SECONDS);
        Assumptions.assumeTrue(done && p.exitValue() == 0,
                "Python's scramp is not installed (pip install scramp): SCRAM interop skipped");
        script = Path.of(ScramInteropTest.class.getResource("/scram/scramp_peer.py").toURI());
    }

    /** The Python side of one exchange. */
    static final class Peer implements AutoCloseable {
        final Process process;
        final BufferedReader in;
        final Writer out;

        Peer(String role, SaslMechanism m, String user, String password) throws IOException {
            process = new ProcessBuilder("python3", script.toString(), role, m.saslName(), b64(user), b64(password))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
            out = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.US_ASCII);
        }

        void send(byte[] message) throws IOException {
            out.write(Base64.getEncoder().encodeToString(message) + "\n");
            out.flush();
        }

        byte[] receive() throws IOException {
            String line = in.readLine();
            if (line == null) {
                throw new IOException("scramp ended early");
            }
            return Base64.getDecoder().decode(line);
        }

        String verdict() throws IOException {
            return String.valueOf(in.readLine());
        }

        @Override
        public void close() throws IOException {
            out.close();
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }

    static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    static ScramClient ourClient(SaslMechanism m, String user, String password) {
        return new ScramClient(ScramAlgorithm.of(m), m.saslName(), user, password.toCharArray(), null, null);
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"SCRAM_SHA_1", "SCRAM_SHA_256"})
    void ourClientAuthenticatesWithScrampsServer(SaslMechanism m) throws Exception {
        for (String[] who : new String[][]{{USER, PASSWORD}, {ODD_USER, ODD_PASSWORD}}) {
            try (Peer server = new Peer("server", m, who[0], who[1])) {
                ScramClient client = ourClient(m, who[0], who[1]);
                server.send(client.evaluateChallenge(new byte[0]));
                server.send(client.evaluateChallenge(server.receive()));
                client.evaluateChallenge(server.receive());
                assertTrue(client.isComplete(), "scramp's server signature verified");
                assertEquals("OK", server.verdict());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"SCRAM_SHA_1", "SCRAM_SHA_256"})
    void scrampsServerRefusesOurClientWithAWrongPassword(SaslMechanism m) throws Exception {
        try (Peer server = new Peer("server", m, USER, PASSWORD)) {
            ScramClient client = ourClient(m, USER, "guess");
            server.send(client.evaluateChallenge(new byte[0]));
            server.send(client.evaluateChallenge(server.receive()));
            byte[] serverFinal = server.receive();
            assertEquals("e=invalid-proof", new String(serverFinal, StandardCharsets.UTF_8));
            assertThrows(SaslException.class, () -> client.evaluateChallenge(serverFinal));
            assertTrue(server.verdict().startsWith("FAIL"));
        }
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"SCRAM_SHA_1", "SCRAM_SHA_256"})
    void scrampsClientAuthenticatesWithOurServer(SaslMechanism m) throws Exception {
        for (String[] who : new String[][]{{USER, PASSWORD}, {ODD_USER, ODD_PASSWORD}}) {
            SaslAuthenticator auth = SaslAuthenticator.ofPasswords(Map.of(who[0], who[1]));
            try (Peer client = new Peer("client", m, who[0], who[1])) {
                ScramServer server = new ScramServer(m, auth, null);
                client.send(server.evaluateResponse(client.receive()));
                client.send(server.evaluateResponse(client.receive()));
                assertTrue(server.isComplete());
                assertEquals(who[0], server.authenticationId());
                assertEquals("OK", client.verdict(), "scramp verified our server signature");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = SaslMechanism.class, names = {"SCRAM_SHA_1", "SCRAM_SHA_256"})
    void ourServerRefusesScrampsClientWithAWrongPassword(SaslMechanism m) throws Exception {
        SaslAuthenticator auth = SaslAuthenticator.ofPasswords(Map.of(USER, PASSWORD));
        try (Peer client = new Peer("client", m, USER, "guess")) {
            ScramServer server = new ScramServer(m, auth, null);
            client.send(server.evaluateResponse(client.receive()));
            byte[] clientFinal = client.receive();
            assertThrows(SaslException.class, () -> server.evaluateResponse(clientFinal));
            client.send("e=invalid-proof".getBytes(StandardCharsets.UTF_8));
            assertTrue(client.verdict().startsWith("FAIL"));
        }
    }
}
