package io.beepkit.spring.boot.logging;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code beep.logging.*} properties: a {@code BeepSyslogAppender} on Logback's root logger, shipping the
 * application's own log events to RFC 3195 collectors. Every property left unset keeps the appender's default
 * ({@code docs/logging.md}).
 */
@ConfigurationProperties("beep.logging")
public class BeepLoggingProperties {
    /** Whether to attach the appender to Logback's root logger (needs beepkit-logback and Logback). */
    private boolean enabled;
    /** The collectors as host:port, tried in order; required when enabled, no default. */
    private List<String> collectors = new ArrayList<>();
    /** The RFC 3195 profile: cooked (each entry acknowledged, the appender's default) or raw. */
    private @Nullable Profile profile;
    /** The syslog facility, by name (user, local0...) or number; the appender's default is user. */
    private @Nullable String facility;
    /** APP-NAME of every event; spring.application.name when unset, else the appender's default. */
    private @Nullable String appName;
    /** HOSTNAME of every event; the appender's default is this machine's name. */
    private @Nullable String hostname;
    /** The queue's capacity in events between the logging calls and the collector; unset for the appender's default. */
    private @Nullable Integer queueCapacity;
    /**
     * What a logging call does when the queue is full: block (up to block-timeout), drop or spill (to disk); unset for
     * the appender's default.
     */
    private @Nullable Overflow overflow;
    /** How long a logging call waits for room under block and spill; unset for the appender's default. */
    private @Nullable Duration blockTimeout;
    /** The directory of the disk spill, replayed after a restart; required with overflow=spill, unset otherwise. */
    private @Nullable String spillDirectory;
    /** The most the disk spill holds; unset for the appender's default. */
    private @Nullable DataSize spillMaxSize;
    /** COOKED entries awaiting their acknowledgement at once; unset for the appender's default. */
    private @Nullable Integer inFlight;
    /** How long the context's close lets the appender deliver what it holds; unset for the appender's default. */
    private @Nullable Duration closeTimeout;
    /** A Logback pattern for the message text; the formatted message when unset. */
    private @Nullable String pattern;
    /** Whether to start TLS on every connection (trusting trust-certificates or the system's authorities). */
    private boolean tls;
    /** A PEM file of the authorities to trust for TLS (implies tls); unset for the JVM's trust store. */
    private @Nullable String trustCertificates;
    /** A SASL mechanism to authenticate with on every connection (PLAIN, SCRAM-SHA-256...); unset for none. */
    private @Nullable String saslMechanism;
    /** The SASL user; unset for none. */
    private @Nullable String username;
    /** The SASL password; unset for none. */
    private @Nullable String password;

    /** The RFC 3195 profiles. */
    public enum Profile {
        /** COOKED: each entry acknowledged. */
        COOKED,
        /** RAW: lines acknowledged at checkpoints. */
        RAW
    }

    /** The overflow policies of {@code io.beepkit.syslog.shipping.OverflowPolicy}. */
    public enum Overflow {
        /** The logging call waits up to block-timeout, then the event is dropped and counted. */
        BLOCK,
        /** Events below WARN are dropped once the queue is 80% full, every event when it is full. */
        DROP,
        /** Events that find no room go to the disk spill, replayed after a restart. */
        SPILL
    }

    // Accessors for binding; the javadoc of each field says what it means.

    /** @return whether the appender is attached */
    public boolean isEnabled() { return enabled; }
    /** @param enabled whether the appender is attached */
    public void setEnabled(boolean enabled) { this.enabled = enabled; }
    /** @return the collectors */
    public List<String> getCollectors() { return collectors; }
    /** @param collectors the collectors */
    public void setCollectors(List<String> collectors) { this.collectors = collectors; }
    /** @return the profile, or null for the appender's */
    public @Nullable Profile getProfile() { return profile; }
    /** @param profile the profile */
    public void setProfile(@Nullable Profile profile) { this.profile = profile; }
    /** @return the facility, or null for the appender's */
    public @Nullable String getFacility() { return facility; }
    /** @param facility the facility */
    public void setFacility(@Nullable String facility) { this.facility = facility; }
    /** @return the APP-NAME, or null */
    public @Nullable String getAppName() { return appName; }
    /** @param appName the APP-NAME */
    public void setAppName(@Nullable String appName) { this.appName = appName; }
    /** @return the HOSTNAME, or null */
    public @Nullable String getHostname() { return hostname; }
    /** @param hostname the HOSTNAME */
    public void setHostname(@Nullable String hostname) { this.hostname = hostname; }
    /** @return the queue capacity, or null */
    public @Nullable Integer getQueueCapacity() { return queueCapacity; }
    /** @param queueCapacity the queue capacity */
    public void setQueueCapacity(@Nullable Integer queueCapacity) { this.queueCapacity = queueCapacity; }
    /** @return the overflow policy, or null */
    public @Nullable Overflow getOverflow() { return overflow; }
    /** @param overflow the overflow policy */
    public void setOverflow(@Nullable Overflow overflow) { this.overflow = overflow; }
    /** @return the block timeout, or null */
    public @Nullable Duration getBlockTimeout() { return blockTimeout; }
    /** @param blockTimeout the block timeout */
    public void setBlockTimeout(@Nullable Duration blockTimeout) { this.blockTimeout = blockTimeout; }
    /** @return the spill directory, or null */
    public @Nullable String getSpillDirectory() { return spillDirectory; }
    /** @param spillDirectory the spill directory */
    public void setSpillDirectory(@Nullable String spillDirectory) { this.spillDirectory = spillDirectory; }
    /** @return the spill's bound, or null */
    public @Nullable DataSize getSpillMaxSize() { return spillMaxSize; }
    /** @param spillMaxSize the spill's bound */
    public void setSpillMaxSize(@Nullable DataSize spillMaxSize) { this.spillMaxSize = spillMaxSize; }
    /** @return the COOKED entries in flight, or null */
    public @Nullable Integer getInFlight() { return inFlight; }
    /** @param inFlight the COOKED entries in flight */
    public void setInFlight(@Nullable Integer inFlight) { this.inFlight = inFlight; }
    /** @return the close timeout, or null */
    public @Nullable Duration getCloseTimeout() { return closeTimeout; }
    /** @param closeTimeout the close timeout */
    public void setCloseTimeout(@Nullable Duration closeTimeout) { this.closeTimeout = closeTimeout; }
    /** @return the message pattern, or null */
    public @Nullable String getPattern() { return pattern; }
    /** @param pattern the message pattern */
    public void setPattern(@Nullable String pattern) { this.pattern = pattern; }
    /** @return whether TLS starts on every connection */
    public boolean isTls() { return tls; }
    /** @param tls whether TLS starts on every connection */
    public void setTls(boolean tls) { this.tls = tls; }
    /** @return the PEM file of trusted authorities, or null */
    public @Nullable String getTrustCertificates() { return trustCertificates; }
    /** @param trustCertificates the PEM file of trusted authorities */
    public void setTrustCertificates(@Nullable String trustCertificates) { this.trustCertificates = trustCertificates; }
    /** @return the SASL mechanism, or null */
    public @Nullable String getSaslMechanism() { return saslMechanism; }
    /** @param saslMechanism the SASL mechanism */
    public void setSaslMechanism(@Nullable String saslMechanism) { this.saslMechanism = saslMechanism; }
    /** @return the SASL user, or null */
    public @Nullable String getUsername() { return username; }
    /** @param username the SASL user */
    public void setUsername(@Nullable String username) { this.username = username; }
    /** @return the SASL password, or null */
    public @Nullable String getPassword() { return password; }
    /** @param password the SASL password */
    public void setPassword(@Nullable String password) { this.password = password; }
}
