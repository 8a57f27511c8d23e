package io.beepkit.cli;

import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code beep serve} with TLS (required) and SASL users, {@code beep call} and {@code beep load} with {@code --tls}
 * and {@code --sasl}; certificates made at test time and written to a temporary folder.
 */
class SecureServeAndCallTest {
    @TempDir
    static Path dir;
    static Path ca;
    static Path otherCa;
    static Cli.Server server;

    @BeforeAll
    static void serve() throws Exception {
        TestPki pki = TestPki.create("beepkit test CA");
        TestPki.Issued cert = pki.server("localhost", "localhost", "127.0.0.1");
        Path certFile = TestPki.writeCertificates(dir.resolve("server.pem"), cert.chain());
        Path keyFile = TestPki.writeKey(dir.resolve("server.key"), cert.key());
        ca = TestPki.writeCertificates(dir.resolve("ca.pem"), List.of(pki.caCertificate()));
        otherCa = TestPki.writeCertificates(dir.resolve("other-ca.pem"),
                List.of(TestPki.create("other CA").caCertificate()));
        server = new Cli.Server("--tls-cert", certFile.toString(), "--tls-key", keyFile.toString(), "--tls-required",
                "--sasl-user", "bob:secret", "--sasl-user", "alice:wonder");
    }

    @AfterAll
    static void stop() throws Exception {
        assertEquals(0, server.stop(), server.output());
    }

    @Test
    void serveSaysWhatItOffers() {
        String out = server.output();
        assertTrue(out.contains("TLS offered with " + dir.resolve("server.pem") + ", required before any other profile"),
                out);
        assertTrue(out.contains("SASL offered: SCRAM-SHA-256, SCRAM-SHA-1, PLAIN (over TLS), CRAM-MD5, DIGEST-MD5, "
                + "ANONYMOUS; 2 users"), out);
    }

    @Test
    void callOverTlsPrintsProtocolCipherAndPeerSubjectWithVerbose() throws Exception {
        Cli.Result r = Cli.run("call", "-v", "--tls", "--tls-trust", ca.toString(), server.address(),
                StandardProfiles.ECHO, "-d", "secured");
        assertEquals(0, r.code(), r.toString());
        assertEquals("secured\n", r.out());
        assertTrue(r.err().lines().anyMatch(l -> l.matches("\\* security: TLS TLSv1\\.[23], cipher \\S+, peer "
                + "CN=localhost,O=beepkit test")), r.err());
        server.awaitLine(".* session #\\d+ closed: .*TLSv1\\.[23] .*");
    }

    @Test
    void withoutTlsTheRequiredListenerRefusesWith538() {
        Cli.Result r = Cli.run("call", server.address(), StandardProfiles.ECHO, "-d", "x");
        assertEquals(ExitCodes.PROFILE_REFUSED, r.code(), r.toString());
        assertTrue(r.err().contains("538"), r.toString());
    }

    @Test
    void untrustedListenerFailsToConnect() {
        Cli.Result r = Cli.run("call", "--tls", "--tls-trust", otherCa.toString(), server.address(),
                StandardProfiles.ECHO, "-d", "x");
        assertEquals(ExitCodes.CONNECTION, r.code(), r.toString());
        assertTrue(r.err().contains("TLS with " + server.address() + " failed"), r.toString());
    }

    @Test
    void insecureSkipsVerification() {
        Cli.Result r = Cli.run("call", "--tls", "--tls-insecure", server.address(), StandardProfiles.ECHO, "-d", "y");
        assertEquals(0, r.code(), r.toString());
        assertEquals("y\n", r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"SCRAM-SHA-256", "SCRAM-SHA-1", "PLAIN", "CRAM-MD5", "DIGEST-MD5"})
    void callAuthenticatesWithEveryPasswordMechanism(String mech) {
        Cli.Result r = Cli.run("call", "-v", "--tls", "--tls-trust", ca.toString(), "--sasl", mech, "--user", "bob",
                "--password", "secret", server.address(), StandardProfiles.ECHO, "-d", "who");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.err().contains("authenticated as bob (SASL " + mech + ")"), r.err());
    }

    @Test
    void anonymous() {
        Cli.Result r = Cli.run("call", "-v", "--tls", "--tls-trust", ca.toString(), "--sasl", "ANONYMOUS",
                server.address(), StandardProfiles.ECHO, "-d", "anon");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.err().contains("(SASL ANONYMOUS)"), r.err());
    }

    @Test
    void wrongPasswordFailsWith535OnOneLine() {
        Cli.Result r = Cli.run("call", "--tls", "--tls-trust", ca.toString(), "--sasl", "CRAM-MD5", "--user", "bob",
                "--password", "nope", server.address(), StandardProfiles.ECHO, "-d", "x");
        assertEquals(ExitCodes.CONNECTION, r.code(), r.toString());
        assertEquals(1, r.errLines().length, r.toString());
        assertTrue(r.err().contains("SASL authentication with " + server.address() + " failed: 535"), r.toString());
        assertTrue(!r.err().contains("nope"), "no password in the output");
    }

    @Test
    void loadOverTlsWithSasl() {
        Cli.Result r = Cli.run("load", server.address(), StandardProfiles.ECHO, "--tls", "--tls-trust", ca.toString(),
                "--sasl", "DIGEST-MD5", "--user", "alice", "--password", "wonder", "--sessions", "2", "--count", "200",
                "--size", "1k", "--quiet");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains(": 200 messages answered, 200 ok, 0 errors"), r.toString());
    }

    @Test
    void usageErrorsNameTheOption() {
        Cli.Result plain = Cli.run("call", "--sasl", "PLAIN", "--user", "bob", "--password", "secret",
                server.address(), StandardProfiles.ECHO, "-d", "x");
        assertEquals(ExitCodes.USAGE, plain.code(), plain.toString());
        assertTrue(plain.err().contains("--sasl PLAIN would send the password in clear"), plain.toString());
        Cli.Result trust = Cli.run("call", "--tls-trust", ca.toString(), server.address(), StandardProfiles.ECHO,
                "-d", "x");
        assertEquals(ExitCodes.USAGE, trust.code(), trust.toString());
        assertTrue(trust.err().contains("--tls-trust needs --tls"), trust.toString());
        Cli.Result mech = Cli.run("call", "--sasl", "OTP", server.address(), StandardProfiles.ECHO, "-d", "x");
        assertEquals(ExitCodes.USAGE, mech.code(), mech.toString());
        assertTrue(mech.err().contains("--sasl: unknown mechanism 'OTP'"), mech.toString());
        Cli.Result key = Cli.run("serve", "--tls-cert", ca.toString());
        assertEquals(ExitCodes.USAGE, key.code(), key.toString());
        assertTrue(key.err().contains("--tls-cert needs --tls-key"), key.toString());
    }
}
