package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.system.JavaVersion;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.VirtualThreadTaskExecutor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code spring.threads.virtual.enabled=true}: blocking handlers on virtual threads, still one at a time per session.
 * The Java 21+ case runs in the build's {@code virtual-threads} Surefire execution on a newer JDK when one is
 * installed (pom.xml); on Java 17 only the fallback runs.
 */
class VirtualThreadCallbacksTest {
    static final String SLOW = "urn:test:blocking";
    static final int SESSIONS = 1_000;
    static final int CALLS_PER_SESSION = 10;
    /** Blocking calls that must run at once on virtual threads: more than a bounded pool has threads. */
    static final int AT_ONCE = 500;
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class))
            .withUserConfiguration(Blocking.class)
            .withPropertyValues("beep.server.port=0", "beep.server.limits.max-sessions-per-address=5000",
                    "beep.server.limits.max-sessions=5000");

    static boolean virtualThreads() {
        return JavaVersion.getJavaVersion().isEqualOrNewerThan(JavaVersion.TWENTY_ONE);
    }

    @Test
    void onJava17ThePropertyIsIgnored() {
        assumeFalse(virtualThreads(), "Java 21 or newer: virtual threads are used");
        RUNNER.withPropertyValues("spring.threads.virtual.enabled=true").run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(BeepResources.class).callbackExecutor()).isNull();
        });
    }

    /**
     * 10 000 calls that each block for 100 ms, over 1 000 sessions: about 2 s on virtual threads on a quiet machine
     * (the figure is printed; the platform pool would need about a minute). What is asserted is not the time, which
     * depends on the machine's load, but its cause: the first call of every session blocks until {@link #AT_ONCE}
     * calls block at the same time, which the platform pool (4 threads per core, at least 16) never reaches; one
     * callback at a time per session still holds.
     */
    @Test
    void tenThousandBlockingCallsOnVirtualThreads() {
        assumeTrue(virtualThreads(), "virtual threads need Java 21 or newer; this JVM is "
                + System.getProperty("java.version"));
        RUNNER.withPropertyValues("spring.threads.virtual.enabled=true").run(ctx -> {
            assertThat(ctx.getBean(BeepResources.class).callbackExecutor())
                    .isInstanceOf(VirtualThreadTaskExecutor.class);
            Blocking blocking = ctx.getBean(Blocking.class);
            blocking.gate = new CountDownLatch(AT_ONCE);
            Duration took = run(ctx.getBean(BeepServer.class), SESSIONS, CALLS_PER_SESSION);
            System.out.printf("virtual threads: %d blocking calls (100 ms each) over %d sessions in %d ms%n",
                    SESSIONS * CALLS_PER_SESSION, SESSIONS, took.toMillis());
            assertThat(blocking.gateTimedOut.get()).as("calls that waited in vain for %d calls blocking at once",
                    AT_ONCE).isZero();
            assertThat(blocking.mostAtOnce.get()).isGreaterThanOrEqualTo(AT_ONCE);
            assertThat(ctx.getBean(Blocking.class).maxPerSession.get()).as("callbacks of one session at once")
                    .isEqualTo(1);
        });
        // The platform pool beside it, on a tenth of the work (the whole would take about a minute).
        RUNNER.run(ctx -> {
            Duration took = run(ctx.getBean(BeepServer.class), SESSIONS, 1);
            System.out.printf("platform callback pool: %d blocking calls over %d sessions in %d ms "
                            + "(%d calls would take about %d ms)%n", SESSIONS, SESSIONS, took.toMillis(),
                    SESSIONS * CALLS_PER_SESSION, took.toMillis() * CALLS_PER_SESSION);
        });
    }

    private static Duration run(BeepServer server, int sessions, int callsPerSession) throws Exception {
        try (BeepClient client = BeepClient.builder().build()) {
            List<BeepChannel> channels = new ArrayList<>();
            List<CompletableFuture<BeepChannel>> opening = new ArrayList<>();
            for (int i = 0; i < sessions; i++) {
                opening.add(client.connect("127.0.0.1", server.port()).thenCompose(s -> s.startChannel(SLOW)));
            }
            for (CompletableFuture<BeepChannel> c : opening) {
                channels.add(c.get(60, TimeUnit.SECONDS));
            }
            long start = System.nanoTime();
            List<CompletableFuture<?>> replies = new ArrayList<>();
            for (int k = 0; k < callsPerSession; k++) {
                for (BeepChannel channel : channels) {
                    replies.add(channel.send(MimeEntity.of("x")));
                }
            }
            CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            for (BeepChannel channel : channels) {
                BeepSession session = channel.session();
                session.close();
            }
            return took;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Blocking {
        final Map<Object, AtomicInteger> running = new ConcurrentHashMap<>();
        final AtomicInteger maxPerSession = new AtomicInteger();
        final AtomicInteger atOnce = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final AtomicInteger gateTimedOut = new AtomicInteger();
        /** When set, each call first waits (a minute at most) until this many calls have reached it. */
        volatile CountDownLatch gate;

        @Bean
        ProfileRegistration blocking() {
            return new ProfileRegistration(SLOW, (m, r) -> {
                AtomicInteger here = running.computeIfAbsent(m.channel().session(), k -> new AtomicInteger());
                maxPerSession.accumulateAndGet(here.incrementAndGet(), Math::max);
                mostAtOnce.accumulateAndGet(atOnce.incrementAndGet(), Math::max);
                try {
                    CountDownLatch g = gate;
                    if (g != null) {
                        g.countDown();
                        if (!g.await(60, TimeUnit.SECONDS)) {
                            gateTimedOut.incrementAndGet();
                        }
                    }
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    atOnce.decrementAndGet();
                    here.decrementAndGet();
                }
                r.reply(m.entity());
            });
        }
    }
}
