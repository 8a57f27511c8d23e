package io.beepkit.spring.boot.logging;

import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.util.ClassUtils;

import java.util.function.Supplier;

/**
 * Ships the application's log events with a {@code BeepSyslogAppender} on Logback's root logger when
 * {@code beep.logging.enabled=true} (registered in {@code META-INF/spring.factories}). It attaches the appender as soon
 * as the environment is ready, right after Spring Boot has configured Logback (which would remove an appender attached
 * earlier): every event logged from then on, the banner's and the context's start-up included, goes to the appender's
 * queue, which holds it until a collector acknowledges it. It stops the appender, which delivers what it holds within
 * its close timeout, when the context closes or start-up fails. The appender is a bean of the context
 * ({@value #BEAN_NAME}) so that its counts can be metered.
 */
public final class BeepLoggingListener implements ApplicationListener<ApplicationEvent>, Ordered {
    /** The name of the appender's bean. */
    public static final String BEAN_NAME = "beepSyslogAppender";
    private static final String APPENDER_CLASS = "io.beepkit.logback.BeepSyslogAppender";
    private static final String LOGBACK_CLASS = "ch.qos.logback.classic.LoggerContext";

    private final Supplier<@Nullable Object> loggerFactory;
    private @Nullable AutoCloseable attachment;
    private @Nullable Object appender;
    private @Nullable ApplicationContext context;

    /** The listener Spring Boot creates from {@code spring.factories}: the appender goes to SLF4J's Logback. */
    public BeepLoggingListener() {
        this(LoggerFactory::getILoggerFactory);
    }

    /** @param loggerFactory the logging system to attach to (a Logback {@code LoggerContext}, or nothing is done) */
    BeepLoggingListener(Supplier<@Nullable Object> loggerFactory) {
        this.loggerFactory = loggerFactory;
    }

    @Override
    public int getOrder() {
        return LoggingApplicationListener.DEFAULT_ORDER + 1; // after Spring Boot has reset and configured Logback
    }

    @Override
    public void onApplicationEvent(ApplicationEvent event) {
        if (event instanceof ApplicationEnvironmentPreparedEvent e) {
            attach(e.getEnvironment());
        } else if (event instanceof ApplicationPreparedEvent e && appender != null) {
            context = e.getApplicationContext();
            e.getApplicationContext().getBeanFactory().registerSingleton(BEAN_NAME, appender);
        } else if (event instanceof ContextClosedEvent e && e.getApplicationContext() == context
                || event instanceof ApplicationFailedEvent) {
            detach();
        }
    }

    private synchronized void attach(ConfigurableEnvironment environment) {
        BeepLoggingProperties p = Binder.get(environment).bindOrCreate("beep.logging", BeepLoggingProperties.class);
        ClassLoader loader = getClass().getClassLoader();
        if (!p.isEnabled() || attachment != null || !ClassUtils.isPresent(APPENDER_CLASS, loader)
                || !ClassUtils.isPresent(LOGBACK_CLASS, loader)) {
            return;
        }
        LogbackAttachment a = LogbackAttachment.attach(loggerFactory.get(), p,
                environment.getProperty("spring.application.name"));
        if (a == null) {
            LoggerFactory.getLogger(BeepLoggingListener.class)
                    .warn("beep.logging.enabled=true but SLF4J's logging system is not Logback: no log is shipped");
            return;
        }
        attachment = a;
        appender = a.appender();
    }

    private synchronized void detach() {
        AutoCloseable a = attachment;
        attachment = null;
        appender = null;
        if (a != null) {
            try {
                a.close();
            } catch (Exception e) {
                LoggerFactory.getLogger(BeepLoggingListener.class).warn("stopping the log appender failed", e);
            }
        }
    }
}
