package io.beepkit.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code beep.syslog.*} properties: whether the auto-configured listener is also an RFC 3195 collector, which
 * profiles it offers and the limits per peer (the defaults are {@code SyslogLimits.DEFAULT}'s).
 */
@ConfigurationProperties("beep.syslog")
public class BeepSyslogProperties {
    /** Whether to offer the RFC 3195 profiles on the auto-configured listener. */
    private boolean enabled;
    /** The profiles to offer: cooked, raw or both. */
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
