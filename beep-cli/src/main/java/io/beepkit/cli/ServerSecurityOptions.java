package io.beepkit.cli;

import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.ScramCredentials;
import io.beepkit.netty.ListenerSecurity;
import io.beepkit.netty.tls.KeyMaterial;
import io.beepkit.netty.tls.TlsConfig;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The listener's TLS and SASL options of {@code beep serve}. */
final class ServerSecurityOptions {
    @Option(names = "--tls-cert", paramLabel = "PEM", description = "Offer TLS with this certificate chain (leaf "
            + "first); needs --tls-key.")
    Path cert;

    @Option(names = "--tls-key", paramLabel = "PEM", description = "The certificate's PKCS#8 private key (unencrypted).")
    Path key;

    @Option(names = "--tls-required", description = "Refuse every other profile (538) until TLS is established.")
    boolean required;

    @Option(names = "--sasl-user", paramLabel = "NAME:PASSWORD", description = "Offer SASL SCRAM-SHA-256, "
            + "SCRAM-SHA-1, PLAIN (over TLS only), CRAM-MD5, DIGEST-MD5 and ANONYMOUS, accepting this user "
            + "(repeatable).")
    List<String> users = new ArrayList<>();

    /** The certificate file given, for the listener's description. */
    Path cert() {
        return cert;
    }

    /** The security settings; a bad option or unreadable file is a usage error naming it. */
    ListenerSecurity config(CommandLine cmd) {
        ListenerSecurity.Builder b = ListenerSecurity.builder();
        if ((cert == null) != (key == null)) {
            throw new CommandLine.ParameterException(cmd, cert == null ? "--tls-key needs --tls-cert"
                    : "--tls-cert needs --tls-key");
        }
        if (required && cert == null) {
            throw new CommandLine.ParameterException(cmd, "--tls-required needs --tls-cert and --tls-key");
        }
        if (cert != null) {
            try {
                b.tls(TlsConfig.builder().keyMaterial(KeyMaterial.fromPem(cert, key, null)).build());
            } catch (RuntimeException e) {
                throw new CommandLine.ParameterException(cmd, "--tls-cert/--tls-key: " + Failures.message(e));
            }
            b.tlsRequired(required);
        }
        if (!users.isEmpty()) {
            Map<String, String> table = new LinkedHashMap<>();
            for (String u : users) {
                int colon = u.indexOf(':');
                if (colon <= 0) {
                    throw new CommandLine.ParameterException(cmd, "--sasl-user expects NAME:PASSWORD, got '"
                            + u.replaceAll(":.*", ":...") + "'");
                }
                table.put(u.substring(0, colon), u.substring(colon + 1));
            }
            SaslAuthenticator passwords = SaslAuthenticator.ofPasswords(table);
            SaslAuthenticator auth = new SaslAuthenticator() {
                @Override
                public char[] password(String user, String realm) {
                    return passwords.password(user, realm);
                }

                @Override
                public ScramCredentials scramCredentials(String user, SaslMechanism mechanism) {
                    return passwords.scramCredentials(user, mechanism);
                }

                @Override
                public boolean acceptAnonymous(String trace) {
                    return true;
                }
            };
            b.sasl(SaslListenerConfig.builder(auth).mechanisms(EnumSet.of(SaslMechanism.SCRAM_SHA_256,
                    SaslMechanism.SCRAM_SHA_1, SaslMechanism.PLAIN, SaslMechanism.CRAM_MD5, SaslMechanism.DIGEST_MD5,
                    SaslMechanism.ANONYMOUS)).build());
        }
        return b.build();
    }
}
