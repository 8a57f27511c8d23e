package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The listener's lifecycle as Boot's web servers have it: keep-alive thread, readiness, asynchronous drain. */
class ListenerLifecycleTest {
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");

    /** Every library thread is a daemon: without this one a starter-only application would exit after start. */
    @Test
    void aNonDaemonThreadLivesWhileTheListenerRuns() throws Exception {
        AtomicReference<Thread> keeper = new AtomicReference<>();
        RUNNER.run(ctx -> {
            int port = ctx.getBean(BeepServer.class).port();
            Thread thread = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("beep-listener-" + port)).findFirst().orElseThrow();
            assertThat(thread.isDaemon()).isFalse();
            keeper.set(thread);
            assertThat(ctx.getBean(BeepServerLifecycle.class).getPhase())
                    .isLessThan(org.springframework.context.SmartLifecycle.DEFAULT_PHASE);
        });
        keeper.get().join(10_000);
        assertThat(keeper.get().isAlive()).as("the keep-alive thread ends with the context").isFalse();
    }

    @Test
    void theBoundPortIsPublishedAsLocalBeepServerPort() {
        RUNNER.run(ctx -> assertThat(ctx.getEnvironment().getProperty("local.beep.server.port", Integer.class))
                .isEqualTo(ctx.getBean(BeepServer.class).port()).isPositive());
    }

    @Test
    void stoppingTurnsReadinessToRefusingTraffic() {
        AtomicReference<Readiness> seen = new AtomicReference<>();
        RUNNER.withUserConfiguration(Readiness.class).run(ctx -> seen.set(ctx.getBean(Readiness.class)));
        assertThat(seen.get().states).contains(ReadinessState.REFUSING_TRAFFIC);
    }

    /** stop(Runnable) returns at once; an exchange under way gets its reply before its session goes. */
    @Test
    void stopIsAsynchronousAndAnExchangeUnderWayGetsItsReply() {
        RUNNER.withUserConfiguration(SlowHandler.class).withPropertyValues("beep.server.shutdown-timeout=10s")
                .run(ctx -> {
                    BeepServerLifecycle lifecycle = ctx.getBean(BeepServerLifecycle.class);
                    try (BeepClient client = BeepClient.builder().build()) {
                        BeepSession session = client.connect("127.0.0.1", lifecycle.server().port())
                                .get(5, TimeUnit.SECONDS);
                        BeepChannel channel = session.startChannel("urn:test:slow").get(5, TimeUnit.SECONDS);
                        CompletableFuture<Reply> reply = channel.send(MimeEntity.of("late"));
                        ctx.getBean(SlowHandler.class).entered.await(5, TimeUnit.SECONDS);
                        CountDownLatch stopped = new CountDownLatch(1);
                        long start = System.nanoTime();
                        lifecycle.stop(stopped::countDown);
                        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(500));
                        assertThat(lifecycle.isRunning()).isFalse();
                        assertThat(reply.get(10, TimeUnit.SECONDS).entity().bodyText()).isEqualTo("late");
                        assertThat(stopped.await(15, TimeUnit.SECONDS)).isTrue();
                        assertThat(session.closeFuture()).succeedsWithin(Duration.ofSeconds(5));
                    }
                });
    }

    @Test
    void theShutdownTimeoutIsBoundedByTheContextsTimePerShutdownPhase() {
        RUNNER.withPropertyValues("beep.server.shutdown-timeout=60s", "spring.lifecycle.timeout-per-shutdown-phase=3s")
                .run(ctx -> assertThat(ctx.getBean(BeepServerLifecycle.class).grace())
                        .isEqualTo(Duration.ofSeconds(3)));
        RUNNER.withPropertyValues("beep.server.shutdown-timeout=2s")
                .run(ctx -> assertThat(ctx.getBean(BeepServerLifecycle.class).grace())
                        .isEqualTo(Duration.ofSeconds(2)));
    }

    @Configuration(proxyBeanMethods = false)
    static class Readiness implements ApplicationListener<AvailabilityChangeEvent<ReadinessState>> {
        final List<ReadinessState> states = new CopyOnWriteArrayList<>();

        @Override
        public void onApplicationEvent(AvailabilityChangeEvent<ReadinessState> event) {
            states.add(event.getState());
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class SlowHandler {
        final CountDownLatch entered = new CountDownLatch(1);

        @Bean
        ProfileRegistration slow() {
            return new ProfileRegistration("urn:test:slow", (m, r) -> {
                entered.countDown();
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                r.reply(m.entity());
            });
        }
    }
}
