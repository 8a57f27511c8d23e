package io.beepkit.spring.boot.syslog;

import io.beepkit.spring.boot.autoconfigure.BeepAutoConfiguration;
import io.beepkit.spring.boot.autoconfigure.BeepServerCustomizer;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogFormat;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogProfiles;
import io.beepkit.syslog.SyslogSender;
import io.beepkit.syslog.SyslogTransport;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code beep.syslog.enabled}: the RFC 3195 collector on its own listener, beside the BEEP server. */
class BeepSyslogAutoConfigurationTest {
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepSyslogAutoConfiguration.class, BeepAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0", "beep.syslog.port=0");
    /** Enabled, with a consumer bean that stores nothing but accepts everything. */
    static final ApplicationContextRunner ENABLED = RUNNER.withPropertyValues("beep.syslog.enabled=true")
            .withUserConfiguration(StoringConsumer.class);

    @Test
    void offByDefault() {
        RUNNER.run(ctx -> {
            assertThat(ctx).hasNotFailed().doesNotHaveBean(SyslogCollector.class)
                    .doesNotHaveBean(BeepSyslogListener.class);
            assertThat(profilesOffered(ctx.getBean(BeepServer.class), ctx.getBean(BeepClient.class)))
                    .doesNotContain(SyslogProfiles.RAW, SyslogProfiles.COOKED);
        });
    }

    /** The collector's listener runs on the one BeepResources bean of the BEEP listener and the clients. */
    @Test
    void theCollectorSharesTheResourcesBean() {
        ENABLED.run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBeansOfType(BeepResources.class)).containsOnlyKeys("beepResources");
            assertThat(ctx.getBean(BeepSyslogListener.class).isRunning()).isTrue();
        });
    }

    /** A port the library refuses fails start-up naming the collector's properties. */
    @Test
    void aPortOutOfRangeFailsNamingTheProperties() {
        RUNNER.withPropertyValues("beep.syslog.enabled=true", "beep.syslog.port=70000")
                .withUserConfiguration(StoringConsumer.class).run(ctx -> assertThat(ctx).hasFailed().getFailure()
                        .hasStackTraceContaining("beep.syslog: port out of range 0..65535: 70000"));
    }

    @Test
    void enabledWithoutConsumerOrSinkRefusesToStartNamingBoth() {
        RUNNER.withPropertyValues("beep.syslog.enabled=true").run(ctx ->
                assertThat(ctx).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("SyslogConsumer bean").hasMessageContaining("beep.syslog.sink"));
    }

    /** RPC on one port and syslog on another, from properties alone, both answering. */
    @Test
    void theCollectorHasItsOwnListenerAndTheServerKeepsItsProfiles() {
        ENABLED.run(ctx -> {
            assertThat(ctx).hasNotFailed().hasSingleBean(SyslogCollector.class).hasSingleBean(BeepServer.class);
            BeepServer syslog = ctx.getBean(BeepSyslogListener.class).server();
            BeepServer rpc = ctx.getBean(BeepServer.class);
            assertThat(syslog.port()).isNotEqualTo(rpc.port());
            BeepClient client = ctx.getBean(BeepClient.class);
            assertThat(profilesOffered(syslog, client)).containsExactlyInAnyOrder(SyslogProfiles.COOKED,
                    SyslogProfiles.RAW);
            assertThat(profilesOffered(rpc, client)).doesNotContain(SyslogProfiles.COOKED, SyslogProfiles.RAW)
                    .contains(io.beepkit.core.profiles.StandardProfiles.ECHO);
            assertThat(ctx.getEnvironment().getProperty("local.beep.syslog.port", Integer.class))
                    .isEqualTo(syslog.port());
            assertThat(ctx.getEnvironment().getProperty("local.beep.server.port", Integer.class))
                    .isEqualTo(rpc.port());
            BeepSession s = client.connect("127.0.0.1", syslog.port()).get(5, TimeUnit.SECONDS);
            try (SyslogSender cooked = SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS)) {
                cooked.send("<34>Oct 11 22:14:15 mymachine su: stored").get(5, TimeUnit.SECONDS);
            }
            s.close().get(5, TimeUnit.SECONDS);
            assertThat(ctx.getBean(StoringConsumer.class).stored).extracting(SyslogMessage::message)
                    .containsExactly("stored");
        });
    }

    @Test
    void theCollectorRunsWithoutTheBeepServer() {
        ENABLED.withPropertyValues("beep.server.enabled=false").run(ctx -> {
            assertThat(ctx).hasNotFailed().doesNotHaveBean(BeepServer.class);
            assertThat(ctx.getBean(BeepSyslogListener.class).isRunning()).isTrue();
        });
    }

    /** One customizer per target: a BeepServerCustomizer reaches the syslog collector's listener as the BEEP one. */
    @Test
    void serverCustomizersReachTheCollectorsListener() {
        ENABLED.withBean(BeepServerCustomizer.class, () -> new BeepServerCustomizer() {
            @Override
            public void customize(BeepServer.Builder server) {
                server.proxyProtocol(true);
            }

            @Override
            public void customizeSession(io.beepkit.netty.SessionConfig.Builder session) {
                session.features("x-customized");
            }
        }).run(ctx -> {
            for (BeepServer server : new BeepServer[] {ctx.getBean(BeepSyslogListener.class).server(),
                    ctx.getBean(BeepServer.class)}) {
                assertThat(server.proxyProtocol()).isTrue();
                assertThat(server.config().features()).isEqualTo("x-customized");
            }
        });
    }

    @Test
    void profilesAndLegacyUrisFromProperties() {
        ENABLED.withPropertyValues("beep.syslog.profiles=raw", "beep.syslog.legacy-uris=true")
                .run(ctx -> assertThat(ctx.getBean(SyslogCollector.class).profiles())
                        .containsExactly(SyslogProfiles.RAW, SyslogProfiles.LEGACY_RAW));
    }

    @Test
    void limitsFromProperties() {
        ENABLED.withPropertyValues("beep.syslog.max-line-length=1KB",
                "beep.syslog.max-lines-per-answer=7", "beep.syslog.max-entry-size=2KB",
                "beep.syslog.max-pending-entries=3", "beep.syslog.max-channels=2").run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    assertThat(ctx.getBean(BeepSyslogProperties.class).getMaxChannels()).isEqualTo(2);
                    // Seen at work: a third syslog channel on one session is refused.
                    BeepSession s = ctx.getBean(BeepClient.class)
                            .connect("127.0.0.1", syslogPort(ctx)).get(5, TimeUnit.SECONDS);
                    SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS);
                    SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS);
                    assertThatThrownBy(() -> SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS))
                            .hasMessageContaining("550");
                    s.close().get(5, TimeUnit.SECONDS);
                });
    }

    @Test
    void badPropertiesFailTheContextNamingThem() {
        ENABLED.withPropertyValues("beep.syslog.profiles=udp").run(ctx ->
                assertThat(ctx).hasFailed().getFailure().rootCause().hasMessageContaining("beep.syslog.profiles"));
        ENABLED.withPropertyValues("beep.syslog.max-line-length=0B").run(ctx ->
                assertThat(ctx).hasFailed().getFailure()
                        .hasStackTraceContaining("beep.syslog: maxLineLength must be >= 1: 0"));
        ENABLED.withPropertyValues("beep.syslog.max-channels=0").run(ctx ->
                assertThat(ctx).hasFailed().getFailure()
                        .hasStackTraceContaining("beep.syslog: maxChannels must be >= 1: 0"));
    }

    /** RFC 3164 timestamps are read in the configured zones; without a zone they are not read at all. */
    @Test
    void rfc3164TimestampsAreReadInTheZonesTheirPropertiesGive() {
        ENABLED.withPropertyValues("beep.syslog.rfc3164.zone=Europe/Berlin",
                "beep.syslog.rfc3164.device-zones[rtr.nyc.example]=America/New_York").run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    // An hour ago as each device's clock shows it, so the year is this one whatever the date.
                    java.time.Instant hourAgo = java.time.Instant.now().minusSeconds(3600)
                            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
                    java.time.format.DateTimeFormatter bsd = java.time.format.DateTimeFormatter
                            .ofPattern("MMM ppd HH:mm:ss", java.util.Locale.ROOT);
                    String berlinClock = bsd.format(hourAgo.atZone(java.time.ZoneId.of("Europe/Berlin")));
                    String newYorkClock = bsd.format(hourAgo.atZone(java.time.ZoneId.of("America/New_York")));
                    BeepSession s = ctx.getBean(BeepClient.class)
                            .connect("127.0.0.1", syslogPort(ctx)).get(5, TimeUnit.SECONDS);
                    try (SyslogSender cooked = SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS)) {
                        cooked.send("<34>" + berlinClock + " fw1 su: berlin").get(5, TimeUnit.SECONDS);
                        cooked.send("<34>" + newYorkClock + " rtr.nyc.example su: new york")
                                .get(5, TimeUnit.SECONDS);
                    }
                    s.close().get(5, TimeUnit.SECONDS);
                    LinkedBlockingQueue<SyslogMessage> stored = ctx.getBean(StoringConsumer.class).stored;
                    assertThat(stored.poll(5, TimeUnit.SECONDS).instant()).isEqualTo(hourAgo);
                    assertThat(stored.poll(5, TimeUnit.SECONDS).instant()).isEqualTo(hourAgo);
                });
        ENABLED.run(ctx -> assertThat(ctx.getBean(SyslogCollector.class)).isNotNull());
        ENABLED.withPropertyValues("beep.syslog.rfc3164.zone=Mars/Olympus").run(ctx ->
                assertThat(ctx).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("beep.syslog.rfc3164.zone").hasMessageContaining("Mars/Olympus"));
        ENABLED.withPropertyValues("beep.syslog.rfc3164.device-zones.fw1=UTC").run(ctx ->
                assertThat(ctx).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("beep.syslog.rfc3164.zone"));
    }

    /** Real sockets: with beep.syslog.sink=events, each message sent over RAW and COOKED is an application event. */
    @Test
    void messagesArriveAsApplicationEventsWhenAskedFor() {
        RUNNER.withPropertyValues("beep.syslog.enabled=true", "beep.syslog.sink=events")
                .withUserConfiguration(EventCollector.class).run(ctx -> {
            LinkedBlockingQueue<SyslogMessage> got = ctx.getBean(EventCollector.class).messages;
            BeepSession s = ctx.getBean(BeepClient.class).connect("127.0.0.1", syslogPort(ctx))
                    .get(5, TimeUnit.SECONDS);
            try (SyslogSender cooked = SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS)) {
                cooked.send("<34>Oct 11 22:14:15 mymachine su: cooked").get(5, TimeUnit.SECONDS);
            }
            try (SyslogSender raw = SyslogSender.raw(s).get(5, TimeUnit.SECONDS)) {
                raw.send("<165>1 2003-10-11T22:14:15.003Z host app - - - raw").get(5, TimeUnit.SECONDS);
            }
            SyslogMessage first = got.poll(5, TimeUnit.SECONDS);
            assertThat(first.transport()).isEqualTo(SyslogTransport.COOKED);
            assertThat(first.message()).isEqualTo("cooked");
            SyslogMessage second = got.poll(5, TimeUnit.SECONDS);
            assertThat(second.transport()).isEqualTo(SyslogTransport.RAW);
            assertThat(second.format()).isEqualTo(SyslogFormat.RFC5424);
            s.close().get(5, TimeUnit.SECONDS);
        });
    }

    /** A SyslogConsumer bean takes the messages instead, and its refusal reaches the device as ERR 451. */
    @Test
    void consumerBeanTakesPrecedenceAndItsRefusalIsAnError() {
        RUNNER.withPropertyValues("beep.syslog.enabled=true", "beep.syslog.profiles=cooked")
                .withUserConfiguration(RefusingConsumer.class).run(ctx -> {
                    BeepSession s = ctx.getBean(BeepClient.class)
                            .connect("127.0.0.1", syslogPort(ctx)).get(5, TimeUnit.SECONDS);
                    SyslogSender cooked = SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS);
                    assertThatThrownBy(() -> cooked.send("<13>refused").get(5, TimeUnit.SECONDS))
                            .isInstanceOf(ExecutionException.class).hasMessageContaining("451");
                    assertThat(ctx.getBean(RefusingConsumer.class).seen).hasSize(1);
                    s.close().get(5, TimeUnit.SECONDS);
                });
    }

    private static int syslogPort(org.springframework.context.ApplicationContext ctx) {
        return ctx.getBean(BeepSyslogListener.class).server().port();
    }

    private static java.util.List<String> profilesOffered(BeepServer server, BeepClient client) throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        try {
            return s.peerProfiles();
        } finally {
            s.close().get(5, TimeUnit.SECONDS);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class EventCollector implements ApplicationListener<SyslogMessageEvent> {
        final LinkedBlockingQueue<SyslogMessage> messages = new LinkedBlockingQueue<>();

        @Override
        public void onApplicationEvent(SyslogMessageEvent event) {
            messages.add(event.getMessage());
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class StoringConsumer {
        final LinkedBlockingQueue<SyslogMessage> stored = new LinkedBlockingQueue<>();

        @Bean
        SyslogConsumer storing() {
            return m -> {
                stored.add(m);
                return SyslogConsumer.HANDLED;
            };
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class RefusingConsumer {
        final LinkedBlockingQueue<SyslogMessage> seen = new LinkedBlockingQueue<>();

        @Bean
        SyslogConsumer refusing() {
            return m -> {
                seen.add(m);
                return java.util.concurrent.CompletableFuture.failedFuture(new IllegalStateException("store down"));
            };
        }
    }
}
