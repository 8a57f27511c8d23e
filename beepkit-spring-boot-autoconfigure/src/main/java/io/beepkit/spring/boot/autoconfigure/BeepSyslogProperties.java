package io.beepkit.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code beep.syslog.*} properties: whether an RFC 3195 collector runs, on which address and port (its own
 * listener, beside the {@code beep.server} one), with which TLS and SASL settings, where its messages go, which
 * profiles it offers and the limits per peer (the defaults are {@code SyslogLimits.DEFAULT}'s). The socket, limits
 * and session settings of {@code beep.*} apply to it as to the BEEP server.
 */
@ConfigurationProperties("beep.syslog")
public class BeepSyslogProperties {
    /** Whether to run the RFC 3195 collector's listener. */
    private boolean enabled;
    /** The address the collector listens on (0.0.0.0 for every interface, as devices on the network need). */
    private String host = "127.0.0.1";
    /** The collector's TCP port (RFC 3195's registered port; below 1024 needs privileges; 0 picks a free one). */
    private int port = 601;
    /**
     * Where messages go when the context has no SyslogConsumer bean: unset to require that bean; events publishes
     * each message as a SyslogMessageEvent and acknowledges it when publishing returns (at most once: a message no
     * listener stores is lost); kafka writes each message to beep.syslog.kafka.topic and acknowledges it once the
     * broker has (at least once; needs beepkit-syslog-kafka).
     */
    private Sink sink;
    /** How long the context's shutdown waits for devices' sessions to be released gracefully before closing them. */
    private Duration shutdownTimeout = Duration.ofSeconds(5);
    @NestedConfigurationProperty
    private final ServerSslSettings ssl = new ServerSslSettings();
    @NestedConfigurationProperty
    private final ServerSaslSettings sasl = new ServerSaslSettings();
    @NestedConfigurationProperty
    private final SyslogRfc3164Settings rfc3164 = new SyslogRfc3164Settings();
    /** The profiles to offer: cooked, raw or both (the default). */
    private List<String> profiles = new ArrayList<>(List.of("cooked", "raw"));
    /** Whether to also offer the pre-RFC URIs rsyslog's liblogging uses. */
    private boolean legacyUris;
    /** The longest RAW line accepted. */
    private DataSize maxLineLength = DataSize.ofBytes(8192);
    /** The most lines in one RAW answer. */
    private int maxLinesPerAnswer = 10_000;
    /** The largest COOKED message body (one entry, iam or path). */
    private DataSize maxEntrySize = DataSize.ofBytes(16_384);
    /** COOKED messages of one channel not yet answered. */
    private int maxPendingEntries = 64;
    /** RAW and COOKED channels open at once on one session. */
    private int maxChannels = 8;

    /** Where messages go without a {@code SyslogConsumer} bean. */
    public enum Sink {
        /** Published as {@code SyslogMessageEvent}s, acknowledged when publishing returns: at most once. */
        EVENTS,
        /**
         * Written to the Kafka topic {@code beep.syslog.kafka.topic}, acknowledged once the broker has acknowledged
         * the record: at least once (needs beepkit-syslog-kafka).
         */
        KAFKA
    }

    /** @return the collector's address ({@code beep.syslog.host}, default 127.0.0.1) */
    public String getHost() {
        return host;
    }

    /** @param host the collector's address */
    public void setHost(String host) {
        this.host = host;
    }

    /** @return the collector's port ({@code beep.syslog.port}, default 601) */
    public int getPort() {
        return port;
    }

    /** @param port the collector's port, 0..65535 */
    public void setPort(int port) {
        this.port = port;
    }

    /** @return where messages go without a consumer bean, or null to require one */
    public Sink getSink() {
        return sink;
    }

    /** @param sink where messages go without a consumer bean */
    public void setSink(Sink sink) {
        this.sink = sink;
    }

    /** @return the graceful-release timeout at shutdown ({@code beep.syslog.shutdown-timeout}, default 5s) */
    public Duration getShutdownTimeout() {
        return shutdownTimeout;
    }

    /** @param shutdownTimeout the graceful-release timeout at shutdown */
    public void setShutdownTimeout(Duration shutdownTimeout) {
        this.shutdownTimeout = shutdownTimeout;
    }

    /** @return the collector's TLS ({@code beep.syslog.ssl.*}) */
    public ServerSslSettings getSsl() {
        return ssl;
    }

    /** @return how RFC 3164 timestamps are read ({@code beep.syslog.rfc3164.*}) */
    public SyslogRfc3164Settings getRfc3164() {
        return rfc3164;
    }

    /** @return the collector's SASL, offered when a {@code SaslAuthenticator} bean exists ({@code beep.syslog.sasl.*}) */
    public ServerSaslSettings getSasl() {
        return sasl;
    }

    /** @return whether the collector is on ({@code beep.syslog.enabled}, default false) */
    public boolean isEnabled() {
        return enabled;
    }

    /** @param enabled whether the collector is on */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /** @return the profiles offered ({@code beep.syslog.profiles}, default cooked,raw) */
    public List<String> getProfiles() {
        return profiles;
    }

    /** @param profiles cooked and/or raw */
    public void setProfiles(List<String> profiles) {
        this.profiles = profiles;
    }

    /** @return whether the legacy URIs are offered too ({@code beep.syslog.legacy-uris}, default false) */
    public boolean isLegacyUris() {
        return legacyUris;
    }

    /** @param legacyUris whether to offer the legacy URIs too */
    public void setLegacyUris(boolean legacyUris) {
        this.legacyUris = legacyUris;
    }

    /** @return the longest RAW line ({@code beep.syslog.max-line-length}, default 8192B) */
    public DataSize getMaxLineLength() {
        return maxLineLength;
    }

    /** @param maxLineLength the longest RAW line */
    public void setMaxLineLength(DataSize maxLineLength) {
        this.maxLineLength = maxLineLength;
    }

    /** @return the most lines per RAW answer ({@code beep.syslog.max-lines-per-answer}, default 10000) */
    public int getMaxLinesPerAnswer() {
        return maxLinesPerAnswer;
    }

    /** @param maxLinesPerAnswer the most lines per RAW answer */
    public void setMaxLinesPerAnswer(int maxLinesPerAnswer) {
        this.maxLinesPerAnswer = maxLinesPerAnswer;
    }

    /** @return the largest COOKED body ({@code beep.syslog.max-entry-size}, default 16384B) */
    public DataSize getMaxEntrySize() {
        return maxEntrySize;
    }

    /** @param maxEntrySize the largest COOKED body */
    public void setMaxEntrySize(DataSize maxEntrySize) {
        this.maxEntrySize = maxEntrySize;
    }

    /** @return COOKED messages of a channel not yet answered ({@code beep.syslog.max-pending-entries}, default 64) */
    public int getMaxPendingEntries() {
        return maxPendingEntries;
    }

    /** @param maxPendingEntries COOKED messages of a channel not yet answered */
    public void setMaxPendingEntries(int maxPendingEntries) {
        this.maxPendingEntries = maxPendingEntries;
    }

    /** @return syslog channels per session ({@code beep.syslog.max-channels}, default 8) */
    public int getMaxChannels() {
        return maxChannels;
    }

    /** @param maxChannels syslog channels per session */
    public void setMaxChannels(int maxChannels) {
        this.maxChannels = maxChannels;
    }
}
