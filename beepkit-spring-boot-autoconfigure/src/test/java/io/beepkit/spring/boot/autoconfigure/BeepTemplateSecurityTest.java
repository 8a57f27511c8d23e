package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepListener;
import io.beepkit.spring.BeepTemplates;
import io.beepkit.api.BeepSession;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A named client's own TLS and SASL ({@code beep.clients.<name>.ssl.*}, {@code .sasl.*}) over a real connection to a
 * listener that requires both: the {@link BeepListener} method sees a secured, authenticated session.
 */
class BeepTemplateSecurityTest {
    static final String WHO = "urn:test:who";

    @TempDir
    static Path dir;
    static String[] bundles;

    /** A CA, the listener's certificate for localhost, the listener's bundle and the clients' trust bundle. */
    @BeforeAll
    static void pki() throws Exception {
        TestPki pki = TestPki.create("beepkit template test CA");
        TestPki.Issued cert = pki.server("localhost", "localhost", "127.0.0.1");
        Path chain = TestPki.writeCertificates(dir.resolve("listener.pem"), cert.chain());
        Path key = TestPki.writeKey(dir.resolve("listener.key"), cert.key());
        Path ca = TestPki.writeCertificates(dir.resolve("ca.pem"), List.of(pki.caCertificate()));
        bundles = new String[] {
                "spring.ssl.bundle.pem.listener.keystore.certificate=file:" + chain,
                "spring.ssl.bundle.pem.listener.keystore.private-key=file:" + key,
                "spring.ssl.bundle.pem.clients.truststore.certificate=file:" + ca};
    }

    /** Says who the session is. */
    static class Who {
        @BeepListener(profile = WHO)
        String who(BeepSession session) {
            return "secure=" + session.isSecure() + " user="
                    + session.identity().map(i -> i.authenticationId()).orElse("none");
        }
    }

    static ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, BeepAutoConfiguration.class,
                        BeepMessagingAutoConfiguration.class))
                .withPropertyValues(bundles);
    }

    @Test
    void aNamedClientSecuresAndAuthenticatesItsSession() {
        runner().withPropertyValues("beep.server.port=0",
                        "beep.server.ssl.bundle=listener", "beep.server.ssl.required=true")
                .withBean(SaslAuthenticator.class, () -> SaslAuthenticator.ofPasswords(Map.of("bob", "secret")))
                .withBean(Who.class)
                .run(server -> {
                    assertThat(server).hasNotFailed();
                    int port = server.getBean(BeepServer.class).localAddress().getPort();
                    runner().withPropertyValues("beep.server.enabled=false", "beep.clients.secure.host=localhost",
                                    "beep.clients.secure.port=" + port, "beep.clients.secure.ssl.bundle=clients",
                                    "beep.clients.secure.ssl.on-connect=true", "beep.clients.secure.sasl.mechanism=PLAIN",
                                    "beep.clients.secure.sasl.user=bob", "beep.clients.secure.sasl.password=secret")
                            .run(client -> assertThat(client.getBean(BeepTemplates.class).template("secure")
                                    .sendAndReceive(WHO, "", String.class)).isEqualTo("secure=true user=bob"));
                });
    }

    @Test
    void anUnknownBundleFailsStartUpNamingTheProperty() {
        runner().withPropertyValues("beep.server.enabled=false", "beep.clients.secure.host=localhost",
                "beep.clients.secure.ssl.bundle=nope").run(client -> {
            assertThat(client).hasFailed();
            assertThat(BeepPropertiesTest.messages(client.getStartupFailure()))
                    .contains("beep.clients.secure.ssl.bundle");
        });
    }
}
