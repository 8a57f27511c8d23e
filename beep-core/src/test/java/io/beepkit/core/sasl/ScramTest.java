package io.beepkit.core.sasl;

import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.ScramCredentials;
import org.junit.jupiter.api.Test;

import javax.security.sasl.AuthenticationException;
import javax.security.sasl.SaslException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SCRAM at the mechanism level: the RFC 5802 (SHA-1) and RFC 7677 (SHA-256) examples replayed octet for octet on
 * both roles, then one test per rule of RFC 5802 the mechanisms enforce.
 */
class ScramTest {
    // RFC 5802 section 5: user "user", password "pencil".
    static final String SHA1_CLIENT_NONCE = "fyko+d2lbbFgONRv9qkxdawL";
    static final String SHA1_SERVER_NONCE = "3rfcNHYJY1ZVvWVs7j";
    static final String SHA1_CLIENT_FIRST = "n,,n=user,r=fyko+d2lbbFgONRv9qkxdawL";
    static final String SHA1_SERVER_FIRST = "r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,s=QSXCR+Q6sek8bf92,i=4096";
    static final String SHA1_CLIENT_FINAL =
            "c=biws,r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,p=v0X8v3Bz2T0CJGbJQyF0X+HI4Ts=";
    static final String SHA1_SERVER_FINAL = "v=rmF9pqV8S7suAoZWja4dJRkFsKQ=";
    // RFC 7677 section 3: user "user", password "pencil".
    static final String SHA256_CLIENT_NONCE = "rOprNGfwEbeRWgbNEkqO";
    static final String SHA256_SERVER_NONCE = "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
    static final String SHA256_CLIENT_FIRST = "n,,n=user,r=rOprNGfwEbeRWgbNEkqO";
    static final String SHA256_SERVER_FIRST =
            "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
    static final String SHA256_CLIENT_FINAL = "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
            + "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
    static final String SHA256_SERVER_FINAL = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    static ScramClient client(SaslMechanism m, String user, String password, String nonce) {
        return new ScramClient(ScramAlgorithm.of(m), m.saslName(), user, password.toCharArray(), null, nonce);
    }

    /** The RFC's user with the RFC's salt, as a store would hold it. */
    static SaslAuthenticator rfcUser(SaslMechanism m, String salt64) {
        ScramCredentials c = ScramCredentials.fromPassword(m, "pencil".toCharArray(),
                Base64.getDecoder().decode(salt64), 4096);
        return new SaslAuthenticator() {
            @Override
            public ScramCredentials scramCredentials(String user, SaslMechanism mechanism) {
                return "user".equals(user) && mechanism == m ? c : null;
            }
        };
    }

    @Test
    void rfc5802_section5_sha1ClientProducesTheExampleMessages() throws Exception {
        ScramClient c = client(SaslMechanism.SCRAM_SHA_1, "user", "pencil", SHA1_CLIENT_NONCE);
        assertEquals(SHA1_CLIENT_FIRST, text(c.evaluateChallenge(new byte[0])));
        assertEquals(SHA1_CLIENT_FINAL, text(c.evaluateChallenge(utf8(SHA1_SERVER_FIRST))));
        assertFalse(c.isComplete());
        c.evaluateChallenge(utf8(SHA1_SERVER_FINAL));
        assertTrue(c.isComplete());
    }

    @Test
    void rfc5802_section5_sha1ServerProducesTheExampleMessages() throws Exception {
        ScramServer s = new ScramServer(SaslMechanism.SCRAM_SHA_1, rfcUser(SaslMechanism.SCRAM_SHA_1,
                "QSXCR+Q6sek8bf92"), SHA1_SERVER_NONCE);
        assertEquals(SHA1_SERVER_FIRST, text(s.evaluateResponse(utf8(SHA1_CLIENT_FIRST))));
        assertEquals(SHA1_SERVER_FINAL, text(s.evaluateResponse(utf8(SHA1_CLIENT_FINAL))));
        assertTrue(s.isComplete());
        assertEquals("user", s.getAuthorizationID());
    }

    @Test
    void rfc7677_section3_sha256ClientProducesTheExampleMessages() throws Exception {
        ScramClient c = client(SaslMechanism.SCRAM_SHA_256, "user", "pencil", SHA256_CLIENT_NONCE);
        assertEquals(SHA256_CLIENT_FIRST, text(c.evaluateChallenge(new byte[0])));
        assertEquals(SHA256_CLIENT_FINAL, text(c.evaluateChallenge(utf8(SHA256_SERVER_FIRST))));
        c.evaluateChallenge(utf8(SHA256_SERVER_FINAL));
        assertTrue(c.isComplete());
    }

    @Test
    void rfc7677_section3_sha256ServerProducesTheExampleMessages() throws Exception {
        ScramServer s = new ScramServer(SaslMechanism.SCRAM_SHA_256, rfcUser(SaslMechanism.SCRAM_SHA_256,
                "W22ZaJ0SNY7soEsUEjb6gQ=="), SHA256_SERVER_NONCE);
        assertEquals(SHA256_SERVER_FIRST, text(s.evaluateResponse(utf8(SHA256_CLIENT_FIRST))));
        assertEquals(SHA256_SERVER_FINAL, text(s.evaluateResponse(utf8(SHA256_CLIENT_FINAL))));
        assertTrue(s.isComplete());
    }

    @Test
    void rfc5802_section3_clientFailsOnAWrongServerSignature() throws Exception {
        ScramClient c = client(SaslMechanism.SCRAM_SHA_256, "user", "pencil", SHA256_CLIENT_NONCE);
        c.evaluateChallenge(new byte[0]);
        c.evaluateChallenge(utf8(SHA256_SERVER_FIRST));
        SaslException e = assertThrows(SaslException.class,
                () -> c.evaluateChallenge(utf8("v=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")));
        assertTrue(e.getMessage().contains("signature"), e.getMessage());
        assertFalse(c.isComplete());
    }

    @Test
    void rfc5802_section7_clientFailsOnAServerErrorInsteadOfASignature() throws Exception {
        ScramClient c = client(SaslMechanism.SCRAM_SHA_256, "user", "pencil", SHA256_CLIENT_NONCE);
        c.evaluateChallenge(new byte[0]);
        c.evaluateChallenge(utf8(SHA256_SERVER_FIRST));
        assertThrows(SaslException.class, () -> c.evaluateChallenge(utf8("e=invalid-proof")));
        assertFalse(c.isComplete());
    }

    @Test
    void iterationCountOutsideTheBoundsIsRefusedBeforeAnyWork() throws Exception {
        for (String i : new String[]{"4095", "600001", "99999999999", "-1", "x"}) {
            ScramClient c = client(SaslMechanism.SCRAM_SHA_256, "user", "pencil", SHA256_CLIENT_NONCE);
            c.evaluateChallenge(new byte[0]);
            String first = "r=" + SHA256_CLIENT_NONCE + "abc,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=" + i;
            SaslException e = assertThrows(SaslException.class, () -> c.evaluateChallenge(utf8(first)));
            assertTrue(e.getMessage().contains("iteration"), e.getMessage());
        }
    }

    @Test
    void rfc5802_section5_1_serverNonceMustExtendTheClientNonce() throws Exception {
        ScramClient c = client(SaslMechanism.SCRAM_SHA_256, "user", "pencil", SHA256_CLIENT_NONCE);
        c.evaluateChallenge(new byte[0]);
        assertThrows(SaslException.class,
                () -> c.evaluateChallenge(utf8("r=someoneelse,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096")));
    }

    @Test
    void rfc5802_section5_1_mandatoryExtensionIsRefusedByBothRoles() throws Exception {
        ScramClient c = client(SaslMechanism.SCRAM_SHA_256, "user", "pencil", SHA256_CLIENT_NONCE);
        c.evaluateChallenge(new byte[0]);
        assertThrows(SaslException.class, () -> c.evaluateChallenge(utf8("m=x," + SHA256_SERVER_FIRST)));
        ScramServer s = new ScramServer(SaslMechanism.SCRAM_SHA_256, rfcUser(SaslMechanism.SCRAM_SHA_256,
                "W22ZaJ0SNY7soEsUEjb6gQ=="), null);
        assertThrows(SaslException.class, () -> s.evaluateResponse(utf8("n,,m=x,n=user,r=abc")));
    }

    @Test
    void rfc5802_section5_1_saslnameEscapesCommaAndEquals() throws Exception {
        assertEquals("a=2Cb=3Dc", ScramMessages.escape("a,b=c"));
        assertEquals("a,b=c", ScramMessages.unescape("a=2Cb=3Dc"));
        assertThrows(SaslException.class, () -> ScramMessages.unescape("a=2Xb"));
        assertThrows(SaslException.class, () -> ScramMessages.unescape("a,b"));
        ScramClient c = client(SaslMechanism.SCRAM_SHA_256, "a,b=c", "pencil", "nonce");
        assertEquals("n,,n=a=2Cb=3Dc,r=nonce", text(c.evaluateChallenge(new byte[0])));
    }

    @Test
    void rfc5802_section6_serverWithoutChannelBindingAcceptsYAndRefusesP() throws Exception {
        SaslAuthenticator auth = SaslAuthenticator.ofPasswords(Map.of("user", "pencil"));
        ScramServer y = new ScramServer(SaslMechanism.SCRAM_SHA_256, auth, null);
        assertTrue(text(y.evaluateResponse(utf8("y,,n=user,r=abc"))).startsWith("r=abc"));
        ScramServer p = new ScramServer(SaslMechanism.SCRAM_SHA_256, auth, null);
        SaslException e = assertThrows(SaslException.class,
                () -> p.evaluateResponse(utf8("p=tls-server-end-point,,n=user,r=abc")));
        assertTrue(e.getMessage().startsWith("channel-binding-not-supported"), e.getMessage());
    }

    @Test
    void rfc5802_section7_channelBindingAttributeMustRepeatTheGs2Header() throws Exception {
        ScramServer s = new ScramServer(SaslMechanism.SCRAM_SHA_256, rfcUser(SaslMechanism.SCRAM_SHA_256,
                "W22ZaJ0SNY7soEsUEjb6gQ=="), SHA256_SERVER_NONCE);
        s.evaluateResponse(utf8(SHA256_CLIENT_FIRST));
        // "eSws" is base64 of "y,,": the client claims a flag it did not send
        String claimsY = SHA256_CLIENT_FINAL.replace("c=biws", "c=eSws");
        assertThrows(SaslException.class, () -> s.evaluateResponse(utf8(claimsY)));
    }

    @Test
    void unknownUserGetsAStableSaltAndFailsLikeAWrongPassword() throws Exception {
        SaslAuthenticator auth = rfcUser(SaslMechanism.SCRAM_SHA_256, "W22ZaJ0SNY7soEsUEjb6gQ==");
        String first1 = text(new ScramServer(SaslMechanism.SCRAM_SHA_256, auth, "srv")
                .evaluateResponse(utf8("n,,n=mallory,r=abc")));
        String first2 = text(new ScramServer(SaslMechanism.SCRAM_SHA_256, auth, "srv")
                .evaluateResponse(utf8("n,,n=mallory,r=abc")));
        assertEquals(first1, first2, "the made-up salt and count repeat for the same name");
        assertTrue(first1.endsWith(",i=4096"));

        SaslException unknown = failedProof(auth, "mallory", "pencil");
        SaslException wrong = failedProof(auth, "user", "guess");
        assertTrue(unknown instanceof AuthenticationException);
        assertEquals(wrong.getMessage(), unknown.getMessage());
    }

    private static SaslException failedProof(SaslAuthenticator auth, String user, String password) throws Exception {
        ScramClient c = client(SaslMechanism.SCRAM_SHA_256, user, password, null);
        ScramServer s = new ScramServer(SaslMechanism.SCRAM_SHA_256, auth, null);
        byte[] serverFirst = s.evaluateResponse(c.evaluateChallenge(new byte[0]));
        byte[] clientFinal = c.evaluateChallenge(serverFirst);
        return assertThrows(SaslException.class, () -> s.evaluateResponse(clientFinal));
    }

    @Test
    void storedCredentialsFromAPasswordMatchTheRfcKeys() {
        ScramCredentials c = ScramCredentials.fromPassword(SaslMechanism.SCRAM_SHA_256, "pencil".toCharArray(),
                Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ=="), 4096);
        // StoredKey and ServerKey of the RFC 7677 example (computed with scramp 1.5.0, an independent implementation)
        assertEquals("WG5d8oPm3OtcPnkdi4Uo7BkeZkBFzpcXkuLmtbsT4qY=", Base64.getEncoder().encodeToString(c.storedKey()));
        assertEquals("wfPLwcE6nTWhTAmQ7tl2KeoiWGPlZqQxSrmfPwDl2dU=", Base64.getEncoder().encodeToString(c.serverKey()));
        assertThrows(IllegalArgumentException.class, () -> ScramCredentials.fromPassword(SaslMechanism.SCRAM_SHA_256,
                "pencil".toCharArray(), new byte[16], 1000));
        assertThrows(IllegalArgumentException.class, () -> ScramCredentials.fromPassword(SaslMechanism.PLAIN,
                "pencil".toCharArray()));
    }

    @Test
    void rfc5802_section2_2_thePasswordIsPreparedWithSaslPrep() throws Exception {
        // U+00AD (mapped to nothing) and U+2168 (ROMAN NUMERAL NINE, NFKC "IX") prepare to the same key as "IX"
        ScramCredentials stored = ScramCredentials.fromPassword(SaslMechanism.SCRAM_SHA_256, "IX".toCharArray(),
                new byte[]{1, 2, 3}, 4096);
        ScramCredentials prepped = ScramCredentials.fromPassword(SaslMechanism.SCRAM_SHA_256,
                "I\u00ADX".toCharArray(), new byte[]{1, 2, 3}, 4096);
        ScramCredentials roman = ScramCredentials.fromPassword(SaslMechanism.SCRAM_SHA_256, "\u2168".toCharArray(),
                new byte[]{1, 2, 3}, 4096);
        assertArrayEquals(stored.storedKey(), prepped.storedKey());
        assertArrayEquals(stored.storedKey(), roman.storedKey());
    }
}
