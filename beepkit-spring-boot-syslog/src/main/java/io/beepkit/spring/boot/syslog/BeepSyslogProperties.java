package io.beepkit.spring.boot.syslog;

import io.beepkit.netty.BeepServer;
import io.beepkit.spring.boot.autoconfigure.LibrarySettings;
import io.beepkit.spring.boot.autoconfigure.ServerSaslSettings;
import io.beepkit.spring.boot.autoconfigure.ServerSslSettings;
import io.beepkit.syslog.SyslogLimits;
import io.beepkit.syslog.SyslogProfiles;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code beep.syslog.*} properties: whether an RFC 3195 collector runs, on which address and port (its own
 * listener, beside the {@code beep.server} one), with which TLS and SASL settings, where its messages go, which
 * profiles it offers and the limits per peer ({@code SyslogLimits}; unset ones keep its defaults). The listener's
 * session settings and limits ({@code beep.session.*}, {@code beep.server.session.*}, {@code beep.server.limits.*})
 * apply to it as to the BEEP listener.
 */
@ConfigurationProperties("beep.syslog")
public class BeepSyslogProperties {
    /** Whether to run the RFC 3195 collector's listener. */
    private boolean enabled;
    /**
     * The address the collector listens on (0.0.0.0 for every interface, as devices on the network need); by default
     * the library's, BeepServer.DEFAULT_HOST (loopback only).
     */
    private String host = BeepServer.DEFAULT_HOST;
    /**
     * The collector's TCP port (below 1024 needs privileges; 0 picks a free one); by default RFC 3195's registered
     * port, SyslogProfiles.PORT.
     */
    private int port = SyslogProfiles.PORT;
    /**
     * Where messages go when the context has no SyslogConsumer bean: unset to require that bean; events publishes
     * each message as a SyslogMessageEvent and acknowledges it when publishing returns (at most once: a message no
     * listener stores is lost); kafka writes each message to beep.syslog.kafka.topic and acknowledges it once the
     * broker has (at least once; needs beepkit-syslog-kafka).
     */
    private Sink sink;
    /**
     * How long the context's shutdown waits for devices' sessions to be released gracefully before closing them; by
     * default the library's, BeepServer.DEFAULT_CLOSE_GRACE.
     */
    private Duration shutdownTimeout = BeepServer.DEFAULT_CLOSE_GRACE;
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
    /** The longest RAW line accepted; unset for the library's default (SyslogLimits). */
    private @Nullable DataSize maxLineLength;
    /** The most lines in one RAW answer; unset for the library's default. */
    private @Nullable Integer maxLinesPerAnswer;
    /** RAW answers of one channel arriving interleaved at once; unset for the library's default. */
    private @Nullable Integer maxOpenAnswers;
    /** The largest COOKED message body (one entry, iam or path); unset for the library's default. */
    private @Nullable DataSize maxEntrySize;
    /** The most path elements remembered per COOKED channel; unset for the library's default. */
    private @Nullable Integer maxPaths;
    /** COOKED messages of one channel not yet answered; unset for the library's default. */
    private @Nullable Integer maxPendingEntries;
    /** RAW and COOKED channels open at once on one session; unset for the library's default. */
    private @Nullable Integer maxChannels;

    /**
     * @return the limits per peer, one to one with {@link SyslogLimits.Builder}
     * @throws IllegalArgumentException naming the prefix and the library's reason
     */
    SyslogLimits limits() {
        return LibrarySettings.build("beep.syslog", SyslogLimits.builder(), (map, b) -> {
            map.from(maxLineLength).as(LibrarySettings::octets).to(b::maxLineLength);
            map.from(maxLinesPerAnswer).to(b::maxLinesPerAnswer);
            map.from(maxOpenAnswers).to(b::maxOpenAnswers);
            map.from(maxEntrySize).as(LibrarySettings::octets).to(b::maxEntrySize);
            map.from(maxPaths).to(b::maxPaths);
            map.from(maxPendingEntries).to(b::maxPendingEntries);
            map.from(maxChannels).to(b::maxChannels);
        }, SyslogLimits.Builder::build);
    }

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

    /** @return the collector's address ({@code beep.syslog.host}) */
    public String getHost() { return host; }
    /** @param host the collector's address */
    public void setHost(String host) { this.host = host; }
    /** @return the collector's port ({@code beep.syslog.port}) */
    public int getPort() { return port; }
    /** @param port the collector's port, 0..65535 */
    public void setPort(int port) { this.port = port; }
    /** @return where messages go without a consumer bean, or null to require one */
    public Sink getSink() { return sink; }
    /** @param sink where messages go without a consumer bean */
    public void setSink(Sink sink) { this.sink = sink; }
    /** @return the graceful-release timeout at shutdown ({@code beep.syslog.shutdown-timeout}) */
    public Duration getShutdownTimeout() { return shutdownTimeout; }
    /** @param shutdownTimeout the graceful-release timeout at shutdown */
    public void setShutdownTimeout(Duration shutdownTimeout) { this.shutdownTimeout = shutdownTimeout; }
    /** @return the collector's TLS ({@code beep.syslog.ssl.*}) */
    public ServerSslSettings getSsl() { return ssl; }
    /** @return how RFC 3164 timestamps are read ({@code beep.syslog.rfc3164.*}) */
    public SyslogRfc3164Settings getRfc3164() { return rfc3164; }
    /** @return the collector's SASL, offered when a {@code SaslAuthenticator} bean exists ({@code beep.syslog.sasl.*}) */
    public ServerSaslSettings getSasl() { return sasl; }
    /** @return whether the collector is on ({@code beep.syslog.enabled}, default false) */
    public boolean isEnabled() { return enabled; }
    /** @param enabled whether the collector is on */
    public void setEnabled(boolean enabled) { this.enabled = enabled; }
    /** @return the profiles offered ({@code beep.syslog.profiles}, default cooked,raw) */
    public List<String> getProfiles() { return profiles; }
    /** @param profiles cooked and/or raw */
    public void setProfiles(List<String> profiles) { this.profiles = profiles; }
    /** @return whether the legacy URIs are offered too ({@code beep.syslog.legacy-uris}, default false) */
    public boolean isLegacyUris() { return legacyUris; }
    /** @param legacyUris whether to offer the legacy URIs too */
    public void setLegacyUris(boolean legacyUris) { this.legacyUris = legacyUris; }
    /** @return the longest RAW line, null for the library's default */
    public @Nullable DataSize getMaxLineLength() { return maxLineLength; }
    /** @param v the longest RAW line */
    public void setMaxLineLength(@Nullable DataSize v) { maxLineLength = v; }
    /** @return the most lines per RAW answer, null for the library's default */
    public @Nullable Integer getMaxLinesPerAnswer() { return maxLinesPerAnswer; }
    /** @param v the most lines per RAW answer */
    public void setMaxLinesPerAnswer(@Nullable Integer v) { maxLinesPerAnswer = v; }
    /** @return the RAW answers interleaved at once, null for the library's default */
    public @Nullable Integer getMaxOpenAnswers() { return maxOpenAnswers; }
    /** @param v the RAW answers interleaved at once */
    public void setMaxOpenAnswers(@Nullable Integer v) { maxOpenAnswers = v; }
    /** @return the largest COOKED body, null for the library's default */
    public @Nullable DataSize getMaxEntrySize() { return maxEntrySize; }
    /** @param v the largest COOKED body */
    public void setMaxEntrySize(@Nullable DataSize v) { maxEntrySize = v; }
    /** @return the path elements per COOKED channel, null for the library's default */
    public @Nullable Integer getMaxPaths() { return maxPaths; }
    /** @param v the path elements per COOKED channel */
    public void setMaxPaths(@Nullable Integer v) { maxPaths = v; }
    /** @return COOKED messages of a channel not yet answered, null for the library's default */
    public @Nullable Integer getMaxPendingEntries() { return maxPendingEntries; }
    /** @param v COOKED messages of a channel not yet answered */
    public void setMaxPendingEntries(@Nullable Integer v) { maxPendingEntries = v; }
    /** @return syslog channels per session, null for the library's default */
    public @Nullable Integer getMaxChannels() { return maxChannels; }
    /** @param v syslog channels per session */
    public void setMaxChannels(@Nullable Integer v) { maxChannels = v; }
}
