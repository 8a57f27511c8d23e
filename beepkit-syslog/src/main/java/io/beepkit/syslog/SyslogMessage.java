package io.beepkit.syslog;

import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.TlsSessionInfo;
import org.jspecify.annotations.Nullable;

import java.net.SocketAddress;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One syslog message as a collector received it: the text exactly as sent, the fields the sender's format gave it
 * (RFC 5424 or RFC 3164, see {@link #format()}), and for COOKED the attributes of its {@code <entry>} element
 * (RFC 3195 §4.4.2). A field the message does not carry is null; facility and severity are -1 when unknown.
 * Immutable.
 */
public final class SyslogMessage {
    private final SyslogTransport transport;
    private final String text;
    private final SyslogFormat format;
    private final int facility;
    private final int severity;
    private final @Nullable String timestamp;
    private final @Nullable String hostname;
    private final @Nullable String appName;
    private final @Nullable String procId;
    private final @Nullable String msgId;
    private final @Nullable String structuredData;
    private final @Nullable String message;
    private final @Nullable String deviceFqdn;
    private final @Nullable String deviceIp;
    private final @Nullable String pathId;
    private final @Nullable SyslogPath path;
    private final @Nullable SyslogIdentity peer;
    private final @Nullable SocketAddress remoteAddress;
    private final Instant receivedAt;
    private final @Nullable TlsSessionInfo tls;
    private final @Nullable SaslIdentity authenticatedAs;
    private final Rfc3164TimestampPolicy rfc3164Timestamps;

    private SyslogMessage(Builder b) {
        transport = Objects.requireNonNull(b.transport, "transport");
        text = Objects.requireNonNull(b.text, "text");
        format = Objects.requireNonNull(b.format, "format");
        facility = b.facility;
        severity = b.severity;
        timestamp = b.timestamp;
        hostname = b.hostname;
        appName = b.appName;
        procId = b.procId;
        msgId = b.msgId;
        structuredData = b.structuredData;
        message = b.message;
        deviceFqdn = b.deviceFqdn;
        deviceIp = b.deviceIp;
        pathId = b.pathId;
        path = b.path;
        peer = b.peer;
        remoteAddress = b.remoteAddress;
        receivedAt = b.receivedAt != null ? b.receivedAt : Instant.now();
        rfc3164Timestamps = b.rfc3164Timestamps;
        tls = b.tls;
        authenticatedAs = b.authenticatedAs;
    }

    /** A builder; transport, text and format are required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The profile that carried the message. */
    public SyslogTransport transport() {
        return transport;
    }

    /** The RAW line (CRLF removed) or the COOKED entry's text content, exactly as received. */
    public String text() {
        return text;
    }

    /** How {@link #text()} was parsed. */
    public SyslogFormat format() {
        return format;
    }

    /** The facility, 0 to 23 (from the PRI, or the COOKED {@code facility} attribute), or -1. */
    public int facility() {
        return facility;
    }

    /** The severity, 0 (emergency) to 7 (debug), or -1. */
    public int severity() {
        return severity;
    }

    /** The timestamp as written (RFC 5424 or RFC 3164 form, or the COOKED attribute), or null. */
    public @Nullable String timestamp() {
        return timestamp;
    }

    /** The originating host's name as the message gives it, or null. */
    public @Nullable String hostname() {
        return hostname;
    }

    /** RFC 5424 APP-NAME, the RFC 3164 TAG or the COOKED {@code tag} attribute, or null. */
    public @Nullable String appName() {
        return appName;
    }

    /** RFC 5424 PROCID or the bracketed process id after an RFC 3164 TAG, or null. */
    public @Nullable String procId() {
        return procId;
    }

    /** RFC 5424 MSGID, or null. */
    public @Nullable String msgId() {
        return msgId;
    }

    /** RFC 5424 STRUCTURED-DATA as written (one or more {@code [...]} elements), or null. */
    public @Nullable String structuredData() {
        return structuredData;
    }

    /**
     * The free-form MSG part, or the whole text when unparsed; null when an RFC 5424 message ends after its
     * structured data (its MSG part is optional).
     */
    public @Nullable String message() {
        return message;
    }

    /** COOKED {@code deviceFQDN} attribute, or null. */
    public @Nullable String deviceFqdn() {
        return deviceFqdn;
    }

    /** COOKED {@code deviceIP} attribute, or null. */
    public @Nullable String deviceIp() {
        return deviceIp;
    }

    /** COOKED {@code pathID} attribute (a {@link SyslogPath} the peer described earlier on the channel), or null. */
    public @Nullable String pathId() {
        return pathId;
    }

    /** The {@code <path>} named by {@link #pathId()}, as the peer described it earlier on this channel, or null. */
    public @Nullable SyslogPath path() {
        return path;
    }

    /** What the sending peer said of itself with {@code <iam>} on this channel (COOKED), or null. */
    public @Nullable SyslogIdentity peer() {
        return peer;
    }

    /** The sending peer's socket address, or null when unknown. */
    public @Nullable SocketAddress remoteAddress() {
        return remoteAddress;
    }

    /** When the collector received the message (when it was built, unless the builder was given a time). */
    public Instant receivedAt() {
        return receivedAt;
    }

    /**
     * The TLS session the message arrived on, or null without TLS. With client certificates (mutual TLS) its
     * {@link TlsSessionInfo#peerCertificate()} says which device sent the message, whatever the message claims.
     */
    public @Nullable TlsSessionInfo tls() {
        return tls;
    }

    /** The identity the sending peer authenticated with SASL on the session, or null when it did not. */
    public @Nullable SaslIdentity authenticatedAs() {
        return authenticatedAs;
    }

    /**
     * {@link #timestamp()} as an instant, or null when the message has none, it does not parse, or it is an RFC 3164
     * timestamp and {@link #rfc3164Timestamps()} reads none. An RFC 3164 timestamp is read in the zone the policy
     * gives the device named by {@link #hostname()}, its year chosen from {@link #receivedAt()}.
     */
    public @Nullable Instant instant() {
        return timestamp == null ? null
                : SyslogTimestamps.parse(timestamp, format, hostname, receivedAt, rfc3164Timestamps);
    }

    /**
     * How {@link #instant()} reads an RFC 3164 timestamp: the collector's policy
     * ({@link SyslogCollector.Builder#rfc3164Timestamps}); unless one is configured
     * {@link Rfc3164TimestampPolicy#none()}, which reads none.
     */
    public Rfc3164TimestampPolicy rfc3164Timestamps() {
        return rfc3164Timestamps;
    }

    /** {@link #structuredData()} as elements (RFC 5424 §6.3); empty when there is none or it does not parse. */
    public List<SyslogStructuredData.Element> structuredDataElements() {
        return structuredData == null ? List.of() : SyslogStructuredData.parse(structuredData);
    }

    /** A builder holding this message's values, to change some. */
    public Builder toBuilder() {
        Builder b = new Builder().transport(transport).text(text).format(format).facility(facility)
                .severity(severity).timestamp(timestamp).hostname(hostname).appName(appName).procId(procId)
                .msgId(msgId).structuredData(structuredData).message(message);
        return b.deviceFqdn(deviceFqdn).deviceIp(deviceIp).pathId(pathId).path(path).peer(peer)
                .remoteAddress(remoteAddress).receivedAt(receivedAt).tls(tls).authenticatedAs(authenticatedAs)
                .rfc3164Timestamps(rfc3164Timestamps);
    }

    @Override
    public String toString() {
        return "SyslogMessage{" + transport + ' ' + format + " facility=" + facility + " severity=" + severity
                + " host=" + hostname + " app=" + appName + " text=" + text + '}';
    }

    /** Builds a {@link SyslogMessage}. */
    public static final class Builder {
        private @Nullable SyslogTransport transport;
        private @Nullable String text;
        private SyslogFormat format = SyslogFormat.UNPARSED;
        private int facility = -1;
        private int severity = -1;
        private @Nullable String timestamp;
        private @Nullable String hostname;
        private @Nullable String appName;
        private @Nullable String procId;
        private @Nullable String msgId;
        private @Nullable String structuredData;
        private @Nullable String message;
        private @Nullable String deviceFqdn;
        private @Nullable String deviceIp;
        private @Nullable String pathId;
        private @Nullable SyslogPath path;
        private @Nullable SyslogIdentity peer;
        private @Nullable SocketAddress remoteAddress;
        private @Nullable Instant receivedAt;
        private @Nullable TlsSessionInfo tls;
        private @Nullable SaslIdentity authenticatedAs;
        private Rfc3164TimestampPolicy rfc3164Timestamps = Rfc3164TimestampPolicy.none();

        private Builder() {
        }

        /** Sets {@link SyslogMessage#transport()}. */
        public Builder transport(SyslogTransport v) { transport = v; return this; }

        /** Sets {@link SyslogMessage#text()}. */
        public Builder text(String v) { text = v; return this; }

        /** Sets {@link SyslogMessage#format()}. */
        public Builder format(SyslogFormat v) { format = v; return this; }

        /** Sets {@link SyslogMessage#facility()}. */
        public Builder facility(int v) { facility = v; return this; }

        /** Sets {@link SyslogMessage#severity()}. */
        public Builder severity(int v) { severity = v; return this; }

        /** Sets {@link SyslogMessage#timestamp()}. */
        public Builder timestamp(@Nullable String v) { timestamp = v; return this; }

        /** Sets {@link SyslogMessage#hostname()}. */
        public Builder hostname(@Nullable String v) { hostname = v; return this; }

        /** Sets {@link SyslogMessage#appName()}. */
        public Builder appName(@Nullable String v) { appName = v; return this; }

        /** Sets {@link SyslogMessage#procId()}. */
        public Builder procId(@Nullable String v) { procId = v; return this; }

        /** Sets {@link SyslogMessage#msgId()}. */
        public Builder msgId(@Nullable String v) { msgId = v; return this; }

        /** Sets {@link SyslogMessage#structuredData()}. */
        public Builder structuredData(@Nullable String v) { structuredData = v; return this; }

        /** Sets {@link SyslogMessage#message()}. */
        public Builder message(@Nullable String v) { message = v; return this; }

        /** Sets {@link SyslogMessage#deviceFqdn()}. */
        public Builder deviceFqdn(@Nullable String v) { deviceFqdn = v; return this; }

        /** Sets {@link SyslogMessage#deviceIp()}. */
        public Builder deviceIp(@Nullable String v) { deviceIp = v; return this; }

        /** Sets {@link SyslogMessage#pathId()}. */
        public Builder pathId(@Nullable String v) { pathId = v; return this; }

        /** Sets {@link SyslogMessage#path()}. */
        public Builder path(@Nullable SyslogPath v) { path = v; return this; }

        /** Sets {@link SyslogMessage#peer()}. */
        public Builder peer(@Nullable SyslogIdentity v) { peer = v; return this; }

        /** Sets {@link SyslogMessage#remoteAddress()}. */
        public Builder remoteAddress(@Nullable SocketAddress v) { remoteAddress = v; return this; }

        /** Sets {@link SyslogMessage#receivedAt()}; null (the default) for the time {@link #build()} runs. */
        public Builder receivedAt(@Nullable Instant v) { receivedAt = v; return this; }

        /** Sets {@link SyslogMessage#tls()}. */
        public Builder tls(@Nullable TlsSessionInfo v) { tls = v; return this; }

        /** Sets {@link SyslogMessage#authenticatedAs()}. */
        public Builder authenticatedAs(@Nullable SaslIdentity v) { authenticatedAs = v; return this; }

        /** Sets {@link SyslogMessage#rfc3164Timestamps()} (default {@link Rfc3164TimestampPolicy#none()}: an RFC 3164 timestamp is ambiguous until a policy says how to read it). */
        public Builder rfc3164Timestamps(Rfc3164TimestampPolicy v) {
            rfc3164Timestamps = Objects.requireNonNull(v, "rfc3164Timestamps");
            return this;
        }

        /** The message. */
        public SyslogMessage build() {
            return new SyslogMessage(this);
        }
    }
}
