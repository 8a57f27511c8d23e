package io.beepkit.logback;

import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.util.Duration;
import ch.qos.logback.core.util.FileSize;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.netty.tls.TrustMaterial;
import io.beepkit.syslog.SyslogTransport;
import io.beepkit.syslog.shipping.LogShipper;
import io.beepkit.syslog.shipping.OverflowPolicy;
import io.beepkit.syslog.shipping.ShipperCounts;
import io.beepkit.syslog.shipping.ShipperListener;
import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.util.Locale;

/**
 * A Logback appender that delivers every event at least once to an RFC 3195 collector, through beepkit-syslog's
 * {@link LogShipper}: the logging thread prepares the event and enqueues it; the shipper formats it as RFC 5424
 * (logger and thread in {@code log@N}, the MDC in {@code mdc@N}, the message from {@link #setLayout layout} or the
 * formatted message) and sends it on a COOKED (default) or RAW channel, reconnecting and sending again what was not
 * acknowledged. Drops and spills are reported as status messages. Events of beepkit's and Netty's own loggers
 * ({@code io.beepkit.*}, {@code io.netty.*}) are not shipped: the shipper logs through them while it sends.
 *
 * <pre>{@code
 * <appender name="BEEP" class="io.beepkit.logback.BeepSyslogAppender">
 *   <collectors>logs.example:601</collectors>
 *   <appName>billing</appName>
 *   <overflow>SPILL</overflow>
 *   <spillDirectory>/var/spool/billing-logs</spillDirectory>
 * </appender>
 * }</pre>
 */
public final class BeepSyslogAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {
    private final LogShipper.Builder builder = LogShipper.builder();
    private @Nullable Layout<ILoggingEvent> layout;
    private @Nullable String pattern;
    private @Nullable String collectors;
    private Duration closeTimeout = Duration.buildBySeconds(10);
    private @Nullable String trustCertificates;
    private boolean tls;
    private @Nullable String saslMechanism;
    private @Nullable String username;
    private @Nullable String password;
    private volatile @Nullable LogShipper shipper;
    private volatile ShipperCounts last = ShipperCounts.of(0, 0, 0, 0, 0, 0);

    /** An appender to configure with the setters (as Logback's configurators do), then {@link #start()}. */
    public BeepSyslogAppender() {
    }

    /** Comma-separated {@code host:port} of the collectors (required). */
    public void setCollectors(String list) {
        this.collectors = list;
    }

    /** {@code COOKED} (default) or {@code RAW}. */
    public void setTransport(String transport) {
        builder.transport(SyslogTransport.valueOf(transport.strip().toUpperCase(Locale.ROOT)));
    }

    /** The facility, by name ({@code user}, {@code local0}...) or number (default {@code user}). */
    public void setFacility(String facility) {
        builder.facility(facility);
    }

    /** APP-NAME (default {@code java}). */
    public void setAppName(String appName) {
        builder.appName(appName);
    }

    /** HOSTNAME (default: this machine's name). */
    public void setHostname(String hostname) {
        builder.hostname(hostname);
    }

    /** The private enterprise number in the SD-IDs (default 32473, the number for documentation). */
    public void setEnterpriseNumber(String number) {
        builder.enterpriseNumber(number);
    }

    /** The queue's capacity in events (default 8192). */
    public void setQueueSize(int events) {
        builder.capacity(events);
    }

    /** {@code BLOCK} (default), {@code DROP} or {@code SPILL} (see {@link OverflowPolicy}). */
    public void setOverflow(String policy) {
        builder.overflow(OverflowPolicy.valueOf(policy.strip().toUpperCase(Locale.ROOT)));
    }

    /** How long a logging thread waits for room under BLOCK and SPILL (default 100 milliseconds). */
    public void setBlockTimeout(Duration timeout) {
        builder.blockTimeout(java.time.Duration.ofMillis(timeout.getMilliseconds()));
    }

    /** The spill directory (required with SPILL). */
    public void setSpillDirectory(String dir) {
        builder.spillDirectory(Path.of(dir));
    }

    /** The most the spill holds (default 256MB). */
    public void setSpillMaxSize(FileSize size) {
        builder.spillMaxBytes(size.getSize());
    }

    /** COOKED entries awaiting their {@code <ok />} at once (default 64). */
    public void setInFlight(int n) {
        builder.inFlight(n);
    }

    /** How long {@code stop()} lets the shipper deliver what it holds (default 10 seconds). */
    public void setCloseTimeout(Duration timeout) {
        this.closeTimeout = timeout;
    }

    /** Starts TLS on every connection (trusting {@link #setTrustCertificates} or the system's authorities). */
    public void setTls(boolean tls) {
        this.tls = tls;
    }

    /** A PEM file of the authorities to trust for TLS (implies {@code tls}). */
    public void setTrustCertificates(String pemFile) {
        this.trustCertificates = pemFile;
        this.tls = true;
    }

    /** A SASL mechanism to authenticate with on every connection ({@code PLAIN}, {@code SCRAM-SHA-256}...). */
    public void setSaslMechanism(String mechanism) {
        this.saslMechanism = mechanism;
    }

    /** The SASL user. */
    public void setUsername(String username) {
        this.username = username;
    }

    /** The SASL password. */
    public void setPassword(String password) {
        this.password = password;
    }

    /** The layout of the message text (default: the formatted message). */
    public void setLayout(Layout<ILoggingEvent> layout) {
        this.layout = layout;
    }

    /** A {@link PatternLayout} pattern for the message text, instead of a layout. */
    public void setPattern(String pattern) {
        this.pattern = pattern;
    }

    /** What became of the events so far (zeros before {@link #start()}; after {@link #stop()}, the final counts). */
    public ShipperCounts counts() {
        LogShipper s = shipper;
        return s == null ? last : s.counts();
    }

    @Override
    public void start() {
        if (collectors == null || collectors.isBlank()) {
            addError("no <collectors> given for appender " + getName());
            return;
        }
        try {
            if (layout == null && pattern != null) {
                PatternLayout p = new PatternLayout();
                p.setContext(getContext());
                p.setPattern(pattern);
                p.start();
                layout = p;
            }
            builder.collectors(collectors).security(security()).listener(new StatusListener());
            shipper = builder.start();
        } catch (RuntimeException e) {
            addError("cannot start appender " + getName() + ": " + e.getMessage(), e);
            return;
        }
        super.start();
    }

    private InitiatorSecurity security() {
        InitiatorSecurity.Builder b = InitiatorSecurity.builder();
        if (tls) {
            b.tls(TlsConfig.builder().trust(trustCertificates == null ? TrustMaterial.system()
                    : TrustMaterial.fromPem(Path.of(trustCertificates))).build()).tlsOnConnect(true);
        }
        if (saslMechanism != null) {
            SaslMechanism m = SaslMechanism.forName(saslMechanism).orElseThrow(() ->
                    new IllegalArgumentException("unknown SASL mechanism " + saslMechanism));
            b.sasl(m, SaslCredentials.password(username == null ? "" : username,
                    (password == null ? "" : password).toCharArray()));
        }
        return b.build();
    }

    @Override
    protected void append(ILoggingEvent event) {
        String logger = event.getLoggerName();
        LogShipper s = shipper;
        if (s == null || logger != null && (logger.startsWith("io.beepkit.") || logger.startsWith("io.netty."))) {
            return;
        }
        event.prepareForDeferredProcessing();
        s.offer(new LogbackEvent(event, layout));
    }

    @Override
    public void stop() {
        LogShipper s = shipper;
        super.stop();
        if (s != null) {
            ShipperCounts left = s.close(java.time.Duration.ofMillis(closeTimeout.getMilliseconds()));
            last = left;
            shipper = null;
            addInfo("appender " + getName() + " stopped: " + left);
        }
    }

    /** Drops, spills and connection changes as Logback status messages. */
    private final class StatusListener implements ShipperListener {
        @Override
        public void dropped(ShipperCounts counts, String reason) {
            addWarn("dropped log events: " + reason + "; " + counts);
        }

        @Override
        public void spilled(ShipperCounts counts, String reason) {
            addWarn("spilled log events to disk: " + reason + "; " + counts);
        }

        @Override
        public void connected(String collector) {
            addInfo("connected to the collector " + collector);
        }

        @Override
        public void disconnected(String collector, Throwable cause) {
            addWarn("lost the collector " + collector + ": " + cause);
        }
    }
}
