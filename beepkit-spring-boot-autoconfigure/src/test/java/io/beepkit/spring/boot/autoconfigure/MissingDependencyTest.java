package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepListener;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Start-up fails, naming the artifact to add, when the configuration needs a module that is not on the class path:
 * a {@code @BeepListener} method taking or returning JSON without Jackson 3, {@code beep.syslog.enabled=true} without
 * {@code beepkit-spring-boot-syslog}, {@code beep.logging.enabled=true} without {@code beepkit-spring-boot-logging}
 * (neither is on this module's class path); {@link MissingDependencyFailureAnalyzer} reports it.
 */
class MissingDependencyTest {
    static final ApplicationContextRunner RUNNER = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeepAutoConfiguration.class,
                    BeepMessagingAutoConfiguration.class))
            .withPropertyValues("beep.server.port=0");

    record Order(String item) {
    }

    /** A listener method whose payload only JSON can carry. */
    @Configuration(proxyBeanMethods = false)
    static class JsonListener {
        @Bean
        Orders orders() {
            return new Orders();
        }
    }

    static class Orders {
        @BeepListener(profile = "urn:test:orders")
        String place(Order order) {
            return order.item();
        }
    }

    /** A listener method of text only. */
    @Configuration(proxyBeanMethods = false)
    static class TextListener {
        @Bean
        Upper upper() {
            return new Upper();
        }
    }

    static class Upper {
        @BeepListener(profile = "urn:test:upper")
        String upper(String text) {
            return text;
        }
    }

    @Test
    void aJsonListenerWithoutJacksonFailsStartUpNamingIt() {
        RUNNER.withClassLoader(new FilteredClassLoader("tools.jackson")).withUserConfiguration(JsonListener.class)
                .run(ctx -> {
                    assertThat(ctx).hasFailed();
                    FailureAnalysis analysis = new MissingDependencyFailureAnalyzer()
                            .analyze(ctx.getStartupFailure());
                    assertThat(analysis).isNotNull();
                    assertThat(analysis.getDescription()).isEqualTo("@BeepListener method Orders.place of bean"
                            + " 'orders' takes a Order, which only a JSON converter handles, and Jackson 3 is not on"
                            + " the class path: add tools.jackson.core:jackson-databind.");
                    assertThat(analysis.getAction()).startsWith("Add tools.jackson.core:jackson-databind");
                });
    }

    @Test
    void withJacksonOrWithTextOnlyItStarts() {
        RUNNER.withUserConfiguration(JsonListener.class).run(ctx -> assertThat(ctx).hasNotFailed());
        RUNNER.withClassLoader(new FilteredClassLoader("tools.jackson")).withUserConfiguration(TextListener.class)
                .run(ctx -> assertThat(ctx).hasNotFailed());
    }

    @Test
    void syslogEnabledWithoutTheModuleFailsStartUpNamingIt() {
        RUNNER.withPropertyValues("beep.syslog.enabled=true").run(ctx -> {
            assertThat(ctx).hasFailed();
            FailureAnalysis analysis = new MissingDependencyFailureAnalyzer().analyze(ctx.getStartupFailure());
            assertThat(analysis).isNotNull();
            assertThat(analysis.getDescription()).isEqualTo("beep.syslog.enabled=true asks for an RFC 3195"
                    + " collector, and beepkit-spring-boot-syslog is not on the class path: add"
                    + " io.beepkit:beepkit-spring-boot-syslog.");
            assertThat(analysis.getAction()).startsWith("Add io.beepkit:beepkit-spring-boot-syslog");
        });
        RUNNER.withPropertyValues("beep.syslog.enabled=false").run(ctx -> assertThat(ctx).hasNotFailed());
    }

    @Test
    void loggingEnabledWithoutTheModuleFailsStartUpNamingIt() {
        RUNNER.withPropertyValues("beep.logging.enabled=true").run(ctx -> {
            assertThat(ctx).hasFailed();
            FailureAnalysis analysis = new MissingDependencyFailureAnalyzer().analyze(ctx.getStartupFailure());
            assertThat(analysis).isNotNull();
            assertThat(analysis.getDescription()).isEqualTo("beep.logging.enabled=true asks for the application's"
                    + " logs to be shipped to RFC 3195 collectors, and beepkit-spring-boot-logging is not on the class"
                    + " path: add io.beepkit:beepkit-spring-boot-logging.");
        });
    }
}
