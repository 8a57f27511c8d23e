package io.beepkit.cli;

import io.beepkit.api.BeepSession;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.netty.tls.TrustMaterial;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The initiator's TLS and SASL options shared by call and load: TLS and authentication on connect. */
final class ClientSecurityOptions {
    @Option(names = "--tls", description = "Start TLS at once on connect (RFC 3080 section 3.1); the server's "
            + "certificate is checked against the JVM's trust store and HOST unless --tls-trust or --tls-insecure.")
    boolean tls;

    @Option(names = "--tls-trust", paramLabel = "PEM",
            description = "Trust the CA certificates in PEM (instead of the JVM's trust store); needs --tls.")
    Path trust;

    @Option(names = "--tls-insecure", description = "Accept any server certificate, unverified (diagnosis only); "
            + "needs --tls.")
    boolean insecure;

    @Option(names = "--sasl", paramLabel = "MECH", description = "Authenticate on connect with MECH: SCRAM-SHA-256 "
            + "(recommended), SCRAM-SHA-1, PLAIN (needs --tls), CRAM-MD5, DIGEST-MD5 or ANONYMOUS (--user is then the "
            + "trace).")
    String mechanism;

    @Option(names = "--user", paramLabel = "NAME", description = "The SASL user name (ANONYMOUS: the trace).")
    String user;

    @Option(names = "--password", paramLabel = "PW", description = "The SASL password.")
    String password;

    /** The security settings these options describe; a bad combination is a usage error naming the option. */
    InitiatorSecurity config(CommandLine cmd) {
        InitiatorSecurity.Builder b = InitiatorSecurity.builder();
        if ((trust != null || insecure) && !tls) {
            throw new CommandLine.ParameterException(cmd, (trust != null ? "--tls-trust" : "--tls-insecure")
                    + " needs --tls");
        }
        if (trust != null && insecure) {
            throw new CommandLine.ParameterException(cmd, "--tls-trust and --tls-insecure exclude each other");
        }
        if (tls) {
            TrustMaterial material;
            try {
                material = insecure ? TrustMaterial.insecureTrustAll()
                        : trust != null ? TrustMaterial.fromPem(trust) : TrustMaterial.system();
            } catch (RuntimeException e) {
                throw new CommandLine.ParameterException(cmd, "--tls-trust: " + Failures.message(e));
            }
            b.tls(TlsConfig.builder().trust(material).build()).tlsOnConnect(true);
        }
        if (mechanism == null) {
            if (user != null || password != null) {
                throw new CommandLine.ParameterException(cmd, (user != null ? "--user" : "--password")
                        + " needs --sasl");
            }
            return b.build();
        }
        SaslMechanism m = SaslMechanism.forName(mechanism.trim()).filter(x -> x != SaslMechanism.EXTERNAL)
                .orElseThrow(() -> new CommandLine.ParameterException(cmd, "--sasl: unknown mechanism '" + mechanism
                        + "'; use one of " + Arrays.stream(SaslMechanism.values())
                        .filter(x -> x != SaslMechanism.EXTERNAL).map(SaslMechanism::saslName)
                        .collect(Collectors.joining(", "))));
        if (m == SaslMechanism.PLAIN && !tls) {
            throw new CommandLine.ParameterException(cmd, "--sasl PLAIN would send the password in clear: add --tls");
        }
        SaslCredentials credentials;
        if (m == SaslMechanism.ANONYMOUS) {
            credentials = SaslCredentials.anonymous(user);
        } else {
            if (user == null || user.isEmpty() || password == null) {
                throw new CommandLine.ParameterException(cmd, "--sasl " + m.saslName() + " needs --user and --password");
            }
            credentials = SaslCredentials.password(user, password.toCharArray());
        }
        return b.sasl(m, credentials).build();
    }

    /** What -v prints about a secured or authenticated session: protocol, cipher, peer subject, identity. */
    static String describe(BeepSession session) {
        StringBuilder s = new StringBuilder();
        if (session.tls().isPresent()) {
            TlsSessionInfo t = session.tls().get();
            s.append(String.format(Locale.ROOT, "TLS %s, cipher %s, peer %s", t.protocol(), t.cipherSuite(),
                    t.peerSubject().orElse("(no certificate)")));
        } else {
            s.append("no TLS");
        }
        session.identity().ifPresent(id -> s.append(", authenticated as ").append(id.authorizationId())
                .append(" (SASL ").append(id.mechanism().saslName()).append(')'));
        return s.toString();
    }
}
