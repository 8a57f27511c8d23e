package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.netty.ListenerSecurity;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import javax.net.ssl.SSLHandshakeException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static io.beepkit.spring.boot.autoconfigure.BeepPropertiesTest.messages;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * TLS from Spring Boot SSL bundles and SASL through beans, over real connections on 127.0.0.1: PEM bundles made at
 * test time (no key in the repository) reach the listener and the client, TLS required refuses a clear start, bundle
 * options restrict the protocol, unknown bundles and inconsistent options fail start-up naming the property, an
 * authenticator bean admits PLAIN over TLS and CRAM-MD5 and refuses a wrong password.
 */
class BeepSecurityTest {
    @TempDir
    static Path dir;
    static String[] bundles;

    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, BeepAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");

    /** A CA, a listener certificate for localhost and 127.0.0.1, and the bundles "listener" and "clients" over them. */
    @BeforeAll
    static void pki() throws Exception {
        TestPki pki = TestPki.create("beepkit spring test CA");
        TestPki.Issued cert = pki.server("localhost", "localhost", "127.0.0.1");
        Path chain = TestPki.writeCertificates(dir.resolve("listener.pem"), cert.chain());
        Path key = TestPki.writeKey(dir.resolve("listener.key"), cert.key());
        Path ca = TestPki.writeCertificates(dir.resolve("ca.pem"), List.of(pki.caCertificate()));
        Path otherCa = TestPki.writeCertificates(dir.resolve("other-ca.pem"),
                List.of(TestPki.create("another CA").caCertificate()));
        TestPki.Issued device = pki.client("device-7");
        Path deviceChain = TestPki.writeCertificates(dir.resolve("device.pem"), device.chain());
        Path deviceKey = TestPki.writeKey(dir.resolve("device.key"), device.key());
        bundles = new String[] {
                "spring.ssl.bundle.pem.listener.keystore.certificate=file:" + chain,
                "spring.ssl.bundle.pem.listener.keystore.private-key=file:" + key,
                "spring.ssl.bundle.pem.clients.truststore.certificate=file:" + ca,
                "spring.ssl.bundle.pem.strangers.truststore.certificate=file:" + otherCa,
                "spring.ssl.bundle.pem.mutual.keystore.certificate=file:" + chain,
                "spring.ssl.bundle.pem.mutual.keystore.private-key=file:" + key,
                "spring.ssl.bundle.pem.mutual.truststore.certificate=file:" + ca,
                "spring.ssl.bundle.pem.device.keystore.certificate=file:" + deviceChain,
                "spring.ssl.bundle.pem.device.keystore.private-key=file:" + deviceKey,
                "spring.ssl.bundle.pem.device.truststore.certificate=file:" + ca};
    }

    static ApplicationContextRunner withBundles() {
        return RUNNER.withPropertyValues(bundles);
    }

    static BeepSession connect(ApplicationContext ctx) throws Exception {
        return ctx.getBean(BeepClient.class).connect("localhost", ctx.getBean(BeepServer.class).port())
                .get(10, TimeUnit.SECONDS);
    }

    static String echo(BeepSession session, String text) throws Exception {
        BeepChannel ch = session.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
        return ch.send(MimeEntity.of(text)).get(5, TimeUnit.SECONDS).entity().bodyText();
    }

    static BeepSession listenerSide(ApplicationContext ctx) throws InterruptedException {
        BeepServer server = ctx.getBean(BeepServer.class);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.sessions().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return server.sessions().get(0);
    }

    @Test
    void withoutBundlesOrBeansSessionsStayInClear() {
        RUNNER.run(ctx -> {
            assertThat(ctx.getBean(BeepServer.class).security()).isEqualTo(ListenerSecurity.NONE);
            assertThat(ctx.getBean(BeepClient.class).security()).isEqualTo(InitiatorSecurity.NONE);
        });
    }

    @Test
    void bundlesSecureTheSessionOnConnect() {
        withBundles().withPropertyValues("beep.server.ssl.bundle=listener", "beep.clients.default.ssl.bundle=clients",
                "beep.clients.default.ssl.on-connect=true").run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(BeepServer.class).security().tls()).isNotNull();
            BeepSession session = connect(ctx);
            assertThat(session.isSecure()).isTrue();
            assertThat(session.tls().orElseThrow().protocol()).isEqualTo("TLSv1.3");
            assertThat(session.tls().orElseThrow().peerSubject()).contains("CN=localhost,O=beepkit test");
            assertThat(listenerSide(ctx).isSecure()).isTrue();
            assertThat(echo(session, "over TLS")).isEqualTo("over TLS");
            session.close().get(5, TimeUnit.SECONDS);
        });
    }

    /** beep.server.ssl.client-auth=need: a client with a certificate the bundle trusts gets in, one without fails. */
    @Test
    void clientAuthNeedAdmitsOnlyClientsWithATrustedCertificate() {
        withBundles().withPropertyValues("beep.server.ssl.bundle=mutual", "beep.server.ssl.client-auth=need",
                "beep.clients.default.ssl.bundle=device", "beep.clients.default.ssl.on-connect=true").run(ctx -> {
            BeepSession session = connect(ctx);
            assertThat(session.isSecure()).isTrue();
            assertThat(listenerSide(ctx).tls().orElseThrow().peerSubject().orElseThrow()).contains("CN=device-7");
            session.close().get(5, TimeUnit.SECONDS);
        });
        withBundles().withPropertyValues("beep.server.ssl.bundle=mutual", "beep.server.ssl.client-auth=need",
                "beep.clients.default.ssl.bundle=clients", "beep.clients.default.ssl.on-connect=true")
                .run(ctx -> assertThatThrownBy(() -> connect(ctx)).isInstanceOf(ExecutionException.class));
    }

    @Test
    void clientAuthWantStillAdmitsClientsWithoutACertificate() {
        withBundles().withPropertyValues("beep.server.ssl.bundle=mutual", "beep.server.ssl.client-auth=want",
                "beep.clients.default.ssl.bundle=clients", "beep.clients.default.ssl.on-connect=true").run(ctx -> {
            BeepSession session = connect(ctx);
            assertThat(session.isSecure()).isTrue();
            session.close().get(5, TimeUnit.SECONDS);
        });
    }

    @Test
    void clientAuthWithoutABundleFailsStartUpNamingTheProperty() {
        RUNNER.withPropertyValues("beep.server.ssl.client-auth=need").run(ctx -> assertThat(ctx).hasFailed()
                .getFailure().rootCause().hasMessageContaining("beep.server.ssl.client-auth")
                .hasMessageContaining("beep.server.ssl.bundle"));
    }

    @Test
    void theBundlesProtocolOptionReachesTheHandshake() {
        withBundles().withPropertyValues("beep.server.ssl.bundle=listener", "beep.clients.default.ssl.bundle=clients",
                "spring.ssl.bundle.pem.clients.options.enabled-protocols=TLSv1.2").run(ctx -> {
            BeepSession session = connect(ctx);
            assertThat(session.isSecure()).isFalse();
            assertThat(session.startTls().get(10, TimeUnit.SECONDS).protocol()).isEqualTo("TLSv1.2");
            assertThat(session.isSecure()).isTrue();
            session.close().get(5, TimeUnit.SECONDS);
        });
    }

    @Test
    void aBundleThatDoesNotTrustTheListenerFailsTheConnect() {
        withBundles().withPropertyValues("beep.server.ssl.bundle=listener", "beep.clients.default.ssl.bundle=strangers",
                "beep.clients.default.ssl.on-connect=true").run(ctx -> assertThatThrownBy(() -> connect(ctx))
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(SessionClosedException.class)
                .cause().isInstanceOf(SSLHandshakeException.class));
    }

    @Test
    void requiredRefusesAClearStartWith538() {
        withBundles().withPropertyValues("beep.server.ssl.bundle=listener", "beep.server.ssl.required=true")
                .run(ctx -> {
                    BeepSession session = connect(ctx);
                    assertThat(session.isSecure()).isFalse();
                    assertThatThrownBy(() -> session.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS))
                            .cause().isInstanceOfSatisfying(BeepErrorException.class,
                                    e -> assertThat(e.code()).isEqualTo(538));
                    session.close().get(5, TimeUnit.SECONDS);
                });
    }

    @Test
    void anUnknownBundleFailsStartUpNamingTheProperty() {
        withBundles().withPropertyValues("beep.server.ssl.bundle=nowhere").run(ctx -> assertThat(
                messages(ctx.getStartupFailure())).contains("beep.server.ssl.bundle=nowhere names no configured SSL "
                + "bundle").contains("spring.ssl.bundle.pem.nowhere"));
        withBundles().withPropertyValues("beep.clients.default.ssl.bundle=elsewhere").run(ctx -> assertThat(
                messages(ctx.getStartupFailure()))
                .contains("beep.clients.default.ssl.bundle=elsewhere names no configured"));
    }

    @Test
    void aListenerBundleWithoutKeyStoreFailsStartUp() {
        withBundles().withPropertyValues("beep.server.ssl.bundle=clients").run(ctx -> assertThat(
                messages(ctx.getStartupFailure())).contains("beep.server.ssl.bundle=clients: the SSL bundle has no "
                + "key store"));
    }

    @Test
    void aBundleEnablingAnOldProtocolFailsStartUp() {
        withBundles().withPropertyValues("beep.clients.default.ssl.bundle=clients",
                "spring.ssl.bundle.pem.clients.options.enabled-protocols=TLSv1.1").run(ctx -> assertThat(
                messages(ctx.getStartupFailure())).contains("beep.clients.default.ssl.bundle=clients: the SSL bundle's "
                + "options are not usable: TLS protocol TLSv1.1 is not allowed"));
    }

    @Test
    void optionsThatNeedOthersFailStartUpNamingTheProperty() {
        RUNNER.withPropertyValues("beep.server.ssl.required=true").run(ctx -> assertThat(messages(
                ctx.getStartupFailure())).contains("beep.server: tlsRequired=true needs tls"));
        RUNNER.withPropertyValues("beep.clients.default.ssl.on-connect=true").run(ctx -> assertThat(messages(
                ctx.getStartupFailure())).contains("beep.clients.default: tlsOnConnect=true needs tls"));
        RUNNER.withPropertyValues("beep.clients.default.sasl.mechanism=PLAIN", "beep.clients.default.sasl.user=bob",
                "beep.clients.default.sasl.password=secret").run(ctx -> assertThat(messages(ctx.getStartupFailure()))
                .contains("beep.clients.default: sasl=PLAIN without tlsOnConnect would send the password in clear"));
        RUNNER.withPropertyValues("beep.clients.default.sasl.mechanism=OTP").run(ctx -> assertThat(
                messages(ctx.getStartupFailure())).contains("beep.clients.default.sasl.mechanism: unknown SASL "
                + "mechanism 'OTP', expected one of [", "SCRAM-SHA-256"));
        RUNNER.withPropertyValues("beep.server.sasl.mechanisms=CRAM-MD5,OTP").run(ctx -> assertThat(
                messages(ctx.getStartupFailure())).contains("beep.server.sasl.mechanisms: unknown SASL mechanism "
                + "'OTP'"));
        RUNNER.withPropertyValues("beep.server.sasl.mechanisms=CRAM-MD5").run(ctx -> assertThat(
                messages(ctx.getStartupFailure())).contains("beep.server.sasl.mechanisms=[CRAM-MD5] is set, but the "
                + "context has no SaslAuthenticator bean"));
        RUNNER.withPropertyValues("beep.clients.default.sasl.mechanism=cram-md5").run(ctx -> assertThat(
                messages(ctx.getStartupFailure())).contains("beep.clients.default.sasl.mechanism=CRAM-MD5 needs "
                + "beep.clients.default.sasl.user and beep.clients.default.sasl.password, or a SaslCredentials bean"));
    }

    static ApplicationContextRunner withUsers() {
        return withBundles().withBean(SaslAuthenticator.class, () -> SaslAuthenticator.ofPasswords(
                Map.of("bob", "secret")));
    }

    @Test
    void anAuthenticatorBeanOffersThePasswordMechanisms() {
        withUsers().run(ctx -> {
            SaslListenerConfig sasl = ctx.getBean(BeepServer.class).security().sasl();
            assertThat(sasl.authenticator()).isSameAs(ctx.getBean(SaslAuthenticator.class));
            assertThat(sasl.mechanisms()).isEqualTo(EnumSet.of(SaslMechanism.PLAIN, SaslMechanism.CRAM_MD5,
                    SaslMechanism.DIGEST_MD5));
            assertThat(sasl.plainWithoutTls()).isFalse();
            BeepSession session = connect(ctx);
            assertThat(session.peerProfiles()).contains(SaslMechanism.CRAM_MD5.profileUri(),
                    SaslMechanism.PLAIN.profileUri()).doesNotContain(SaslMechanism.ANONYMOUS.profileUri());
            session.close().get(5, TimeUnit.SECONDS);
        });
        withUsers().withPropertyValues("beep.server.sasl.mechanisms=cram-md5,ANONYMOUS",
                "beep.server.sasl.allow-plain-without-tls=true").run(ctx -> {
            SaslListenerConfig sasl = ctx.getBean(BeepServer.class).security().sasl();
            assertThat(sasl.mechanisms()).isEqualTo(EnumSet.of(SaslMechanism.CRAM_MD5, SaslMechanism.ANONYMOUS));
            assertThat(sasl.plainWithoutTls()).isTrue();
            BeepSession session = connect(ctx);
            assertThat(session.peerProfiles()).contains(SaslMechanism.CRAM_MD5.profileUri())
                    .doesNotContain(SaslMechanism.PLAIN.profileUri());
            session.close().get(5, TimeUnit.SECONDS);
        });
    }

    @Test
    void plainOverTlsAuthenticatesOnConnect() {
        withUsers().withPropertyValues("beep.server.ssl.bundle=listener", "beep.clients.default.ssl.bundle=clients",
                "beep.clients.default.ssl.on-connect=true", "beep.clients.default.sasl.mechanism=PLAIN",
                "beep.clients.default.sasl.user=bob",
                "beep.clients.default.sasl.password=secret").run(ctx -> {
            BeepSession session = connect(ctx);
            assertThat(session.isSecure()).isTrue();
            assertThat(session.identity().orElseThrow().mechanism()).isEqualTo(SaslMechanism.PLAIN);
            assertThat(session.identity().orElseThrow().authenticationId()).isEqualTo("bob");
            assertThat(listenerSide(ctx).identity().orElseThrow().authenticationId()).isEqualTo("bob");
            assertThat(echo(session, "bob here")).isEqualTo("bob here");
            session.close().get(5, TimeUnit.SECONDS);
        });
    }

    @Test
    void cramMd5AuthenticatesInClear() {
        withUsers().withPropertyValues("beep.clients.default.sasl.mechanism=CRAM-MD5",
                "beep.clients.default.sasl.user=bob",
                "beep.clients.default.sasl.password=secret").run(ctx -> {
            BeepSession session = connect(ctx);
            assertThat(session.isSecure()).isFalse();
            assertThat(session.identity().orElseThrow().mechanism()).isEqualTo(SaslMechanism.CRAM_MD5);
            assertThat(listenerSide(ctx).identity().orElseThrow().authenticationId()).isEqualTo("bob");
            session.close().get(5, TimeUnit.SECONDS);
        });
    }

    @Test
    void aCredentialsBeanReplacesUserAndPassword() {
        withUsers().withBean(SaslCredentials.class, () -> SaslCredentials.password("bob", "secret".toCharArray()))
                .withPropertyValues("beep.clients.default.sasl.mechanism=DIGEST-MD5").run(ctx -> {
                    BeepSession session = connect(ctx);
                    assertThat(session.identity().orElseThrow().mechanism()).isEqualTo(SaslMechanism.DIGEST_MD5);
                    assertThat(session.identity().orElseThrow().authenticationId()).isEqualTo("bob");
                    session.close().get(5, TimeUnit.SECONDS);
                });
    }

    @Test
    void aWrongPasswordFailsTheConnectWith535() {
        withUsers().withPropertyValues("beep.clients.default.sasl.mechanism=CRAM-MD5",
                "beep.clients.default.sasl.user=bob",
                "beep.clients.default.sasl.password=wrong").run(ctx -> assertThatThrownBy(() -> connect(ctx))
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(SessionClosedException.class)
                .cause().isInstanceOfSatisfying(BeepErrorException.class, e -> assertThat(e.code()).isEqualTo(535)));
        withUsers().withPropertyValues("beep.server.ssl.bundle=listener", "beep.clients.default.ssl.bundle=clients",
                "beep.clients.default.ssl.on-connect=true", "beep.clients.default.sasl.mechanism=PLAIN",
                "beep.clients.default.sasl.user=bob",
                "beep.clients.default.sasl.password=wrong").run(ctx -> assertThatThrownBy(() -> connect(ctx))
                .cause().cause().isInstanceOfSatisfying(BeepErrorException.class,
                        e -> assertThat(e.code()).isEqualTo(535)));
    }

    @Test
    void customizersStillSeeAndMayReplaceTheSecuritySettings() {
        withBundles().withPropertyValues("beep.server.ssl.bundle=listener")
                .withBean(BeepServerCustomizer.class, () -> builder -> builder.security(ListenerSecurity.NONE))
                .run(ctx -> assertThat(ctx.getBean(BeepServer.class).security())
                        .isEqualTo(ListenerSecurity.NONE));
    }
}
