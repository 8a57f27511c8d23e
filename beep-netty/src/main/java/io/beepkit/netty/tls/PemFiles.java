package io.beepkit.netty.tls;

import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads PEM certificates and PKCS#8 private keys with the JDK alone. */
final class PemFiles {
    private static final Pattern KEY_BLOCK = Pattern.compile(
            "-----BEGIN (ENCRYPTED )?PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END (ENCRYPTED )?PRIVATE KEY-----");
    private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS", "DSA");
    private static final long MAX_FILE = 1 << 20;

    private PemFiles() {
    }

    /** Every certificate of a PEM file, in file order. */
    static List<X509Certificate> certificates(Path file) {
        checkSize(file);
        try (InputStream in = Files.newInputStream(file)) {
            List<X509Certificate> out = new ArrayList<>();
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                out.add((X509Certificate) c);
            }
            if (out.isEmpty()) {
                throw new IllegalArgumentException("no certificate in " + file);
            }
            return out;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read certificates from " + file + ": " + e.getMessage(), e);
        }
    }

    /** The PKCS#8 private key of a PEM file; {@code password} decrypts an encrypted one. */
    static PrivateKey privateKey(Path file, char[] password) {
        checkSize(file);
        String pem;
        try {
            pem = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read private key " + file + ": " + e.getMessage(), e);
        }
        Matcher m = KEY_BLOCK.matcher(pem);
        if (!m.find()) {
            throw new IllegalArgumentException("no PKCS#8 PRIVATE KEY block in " + file
                    + " (convert PKCS#1 keys with: openssl pkcs8 -topk8)");
        }
        byte[] der = Base64.getMimeDecoder().decode(m.group(2));
        try {
            PKCS8EncodedKeySpec spec;
            if (m.group(1) != null) {
                if (password == null) {
                    throw new IllegalArgumentException("private key " + file + " is encrypted and no password was given");
                }
                spec = decrypt(der, password);
            } else {
                spec = new PKCS8EncodedKeySpec(der);
            }
            for (String algorithm : KEY_ALGORITHMS) {
                try {
                    return KeyFactory.getInstance(algorithm).generatePrivate(spec);
                } catch (GeneralSecurityException notThisAlgorithm) {
                    // try the next one
                }
            }
            throw new IllegalArgumentException("private key " + file + " is of no supported algorithm "
                    + KEY_ALGORITHMS);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot decrypt private key " + file + " (wrong password?)", e);
        } finally {
            Arrays.fill(der, (byte) 0);
        }
    }

    private static PKCS8EncodedKeySpec decrypt(byte[] der, char[] password) throws GeneralSecurityException,
            IOException {
        EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(der);
        // For PBES2 the JDK names the real cipher only in the parameters' toString, e.g. PBEWithHmacSHA256AndAES_256.
        String algorithm = info.getAlgParameters() != null ? info.getAlgParameters().toString() : info.getAlgName();
        SecretKeyFactory skf = SecretKeyFactory.getInstance(algorithm);
        PBEKeySpec pbe = new PBEKeySpec(password);
        try {
            Cipher cipher = Cipher.getInstance(algorithm);
            cipher.init(Cipher.DECRYPT_MODE, skf.generateSecret(pbe), info.getAlgParameters());
            return info.getKeySpec(cipher);
        } finally {
            pbe.clearPassword();
        }
    }

    private static void checkSize(Path file) {
        try {
            if (Files.size(file) > MAX_FILE) {
                throw new IllegalArgumentException(file + " is larger than 1 MiB: not a PEM key or certificate file");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
