package io.beepkit.spring.boot.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.util.Duration;
import ch.qos.logback.core.util.FileSize;
import io.beepkit.logback.BeepSyslogAppender;
import org.jspecify.annotations.Nullable;

import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A {@link BeepSyslogAppender} configured from {@code beep.logging.*} on a Logback root logger. Only properties that
 * are set reach the appender's setters, so the others keep the appender's defaults. Kept apart from
 * {@link BeepLoggingListener} so that the listener loads where Logback or beepkit-logback is absent.
 */
final class LogbackAttachment implements AutoCloseable {
    /** The appender's name on the root logger (and the {@code appender} tag of its meters). */
    static final String APPENDER_NAME = "BEEP";

    private final LoggerContext context;
    private final BeepSyslogAppender appender;

    private LogbackAttachment(LoggerContext context, BeepSyslogAppender appender) {
        this.context = context;
        this.appender = appender;
    }

    /**
     * Starts the appender and attaches it to the root logger.
     *
     * @param loggerFactory SLF4J's logger factory: nothing is done unless it is a Logback {@link LoggerContext}
     * @return the attachment, or null if the logger factory is not Logback's
     * @throws IllegalStateException if no collector is given or the appender does not start (with its error)
     */
    static @Nullable LogbackAttachment attach(@Nullable Object loggerFactory, BeepLoggingProperties p,
                                              @Nullable String defaultAppName) {
        if (!(loggerFactory instanceof LoggerContext context)) {
            return null;
        }
        if (p.getCollectors().isEmpty()) {
            throw new IllegalStateException("beep.logging.collectors is required when beep.logging.enabled=true");
        }
        BeepSyslogAppender a = new BeepSyslogAppender();
        a.setContext(context);
        a.setName(APPENDER_NAME);
        a.setCollectors(String.join(",", p.getCollectors()));
        if (p.getProfile() != null) {
            a.setTransport(p.getProfile().name());
        }
        set(p.getFacility(), a::setFacility);
        set(p.getAppName() != null ? p.getAppName() : defaultAppName, a::setAppName);
        set(p.getHostname(), a::setHostname);
        set(p.getQueueCapacity(), a::setQueueSize);
        if (p.getOverflow() != null) {
            a.setOverflow(p.getOverflow().name().toLowerCase(Locale.ROOT));
        }
        set(p.getBlockTimeout(), d -> a.setBlockTimeout(Duration.buildByMilliseconds(d.toMillis())));
        set(p.getSpillDirectory(), a::setSpillDirectory);
        set(p.getSpillMaxSize(), s -> a.setSpillMaxSize(new FileSize(s.toBytes())));
        set(p.getInFlight(), a::setInFlight);
        set(p.getCloseTimeout(), d -> a.setCloseTimeout(Duration.buildByMilliseconds(d.toMillis())));
        set(p.getPattern(), a::setPattern);
        a.setTls(p.isTls());
        set(p.getTrustCertificates(), a::setTrustCertificates);
        set(p.getSaslMechanism(), a::setSaslMechanism);
        set(p.getUsername(), a::setUsername);
        set(p.getPassword(), a::setPassword);
        a.start();
        if (!a.isStarted()) {
            throw new IllegalStateException("beep.logging: the appender did not start: " + errors(context, a));
        }
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(a);
        return new LogbackAttachment(context, a);
    }

    private static <T> void set(@Nullable T value, java.util.function.Consumer<T> setter) {
        if (value != null) {
            setter.accept(value);
        }
    }

    private static String errors(LoggerContext context, BeepSyslogAppender a) {
        return context.getStatusManager().getCopyOfStatusList().stream()
                .filter(s -> s.getOrigin() == a && s.getLevel() == Status.ERROR)
                .map(Status::getMessage).collect(Collectors.joining("; "));
    }

    /** The attached appender (its {@code counts()} feed the meters). */
    BeepSyslogAppender appender() {
        return appender;
    }

    /** Detaches the appender from the root logger and stops it: it delivers what it holds within its close timeout. */
    @Override
    public void close() {
        context.getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(appender);
        appender.stop();
    }
}
