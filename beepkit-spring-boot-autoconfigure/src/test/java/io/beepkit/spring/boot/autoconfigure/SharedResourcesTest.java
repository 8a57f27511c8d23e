package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One {@link BeepResources} bean ({@code beep.resources.*}) carries the listener, the client and the named clients (no
 * other bean of the type exists; beepkit-spring-boot-syslog's test sees the syslog listener on it too): with direct
 * callbacks, the listener's handler and the client's reply completions both run on its event loops; an application's
 * own bean replaces it for all of them.
 */
class SharedResourcesTest {
    static final String WHERE = "urn:test:where";

    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                    BeepMessagingAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0", "beep.clients.self.host=127.0.0.1")
            .withBean(ProfileRegistration.class, () -> new ProfileRegistration(WHERE,
                    (m, r) -> r.reply(MimeEntity.of(Thread.currentThread().getName()))));

    @Test
    void oneBeanCarriesTheListenerAndTheClients() {
        RUNNER.withPropertyValues("beep.resources.direct-callbacks=true", "beep.resources.io-threads=2",
                        "beep.resources.reply-futures-on-event-loop=false")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    Map<String, BeepResources> beans = ctx.getBeansOfType(BeepResources.class);
                    assertThat(beans).containsOnlyKeys("beepResources");
                    assertThat(beans.get("beepResources").directCallbacks()).isTrue();
                    assertThat(beans.get("beepResources").replyFuturesOnEventLoop()).isFalse();
                    int port = ctx.getBean(BeepServer.class).port();

                    BeepSession session = ctx.getBean(BeepClient.class).connect("127.0.0.1", port)
                            .get(5, TimeUnit.SECONDS);
                    CompletableFuture<String> clientSide = new CompletableFuture<>();
                    String handlerThread = session.startChannel(WHERE).get(5, TimeUnit.SECONDS)
                            .send(MimeEntity.of("?")).thenApply(reply -> {
                                clientSide.complete(Thread.currentThread().getName());
                                return reply.entity().bodyText();
                            }).get(5, TimeUnit.SECONDS);
                    assertThat(handlerThread).startsWith("beep-io-");
                    assertThat(clientSide.get(5, TimeUnit.SECONDS)).startsWith("beep-io-");
                    session.close().get(5, TimeUnit.SECONDS);
                });
    }

    @Test
    void theApplicationsOwnBeanReplacesItForAll() {
        RUNNER.withBean("appResources", BeepResources.class,
                        () -> BeepResources.builder().threadNamePrefix("app-io").directCallbacks(true).build())
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    assertThat(ctx.getBeansOfType(BeepResources.class)).containsOnlyKeys("appResources");
                    int port = ctx.getBean(BeepServer.class).port();
                    BeepSession session = ctx.getBean(BeepClient.class).connect("127.0.0.1", port)
                            .get(5, TimeUnit.SECONDS);
                    assertThat(session.startChannel(WHERE).get(5, TimeUnit.SECONDS).send(MimeEntity.of("?"))
                            .get(5, TimeUnit.SECONDS).entity().bodyText()).startsWith("app-io-");
                    session.close().get(5, TimeUnit.SECONDS);
                });
    }

    @Test
    void aNegativeThreadCountFailsStartUpNamingTheProperty() {
        RUNNER.withPropertyValues("beep.resources.io-threads=-1").run(ctx ->
                assertThat(ctx).getFailure().hasStackTraceContaining("beep.resources: ioThreads must be >= 0"));
    }
}
