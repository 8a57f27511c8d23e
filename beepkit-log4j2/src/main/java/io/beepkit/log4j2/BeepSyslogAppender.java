package io.beepkit.log4j2;

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
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.config.plugins.validation.constraints.Required;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The {@code BeepSyslog} Log4j 2 appender: delivers every event at least once to an RFC 3195 collector through
 * beepkit-syslog's {@link LogShipper}. The logging thread takes an immutable copy of the event and enqueues it; the
 * shipper formats it as RFC 5424 (logger and thread in {@code log@N}, the ThreadContext in {@code mdc@N}, the
 * message from the layout, or the formatted message without one) and sends it on a COOKED (default) or RAW channel,
 * reconnecting and sending again what was not acknowledged. Drops and spills go to the status logger. Events of
 * beepkit's and Netty's own loggers are not shipped.
 *
 * <pre>{@code
 * <BeepSyslog name="BEEP" collectors="logs.example:601" appName="billing" overflow="SPILL"
 *             spillDirectory="/var/spool/billing-logs"/>
 * }</pre>
 */
@Plugin(name = "BeepSyslog", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class BeepSyslogAppender extends AbstractAppender {
    private final LogShipper shipper;
    private final Duration closeTimeout;

    private BeepSyslogAppender(Builder b, LogShipper.Builder shipping) {
        super(b.getName(), b.getFilter(), b.getLayout(), b.isIgnoreExceptions(), Property.EMPTY_ARRAY);
        this.closeTimeout = Duration.ofMillis(b.closeTimeoutMillis);
        this.shipper = shipping.listener(new StatusListener(b.getName())).start();
    }

    /** The builder Log4j's configuration uses. */
    @PluginBuilderFactory
    public static Builder newBuilder() {
        return new Builder();
    }

    @Override
    public void append(LogEvent event) {
        String logger = event.getLoggerName();
        if (logger != null && (logger.startsWith("io.beepkit.") || logger.startsWith("io.netty."))) {
            return;
        }
        if (!shipper.offer(new Log4jEvent(event.toImmutable(), getLayout())) && !ignoreExceptions()) {
            error("dropped an event (see the status logger)");
        }
    }

    /** What became of the events so far. */
    public ShipperCounts counts() {
        return shipper.counts();
    }

    @Override
    public boolean stop(long timeout, TimeUnit unit) {
        setStopping();
        ShipperCounts left = shipper.close(closeTimeout);
        LOGGER.info("BeepSyslog appender {} stopped: {}", getName(), left);
        setStopped();
        return true;
    }

    /** The appender's settings, as attributes of {@code <BeepSyslog>}. */
    public static final class Builder extends AbstractAppender.Builder<Builder>
            implements org.apache.logging.log4j.core.util.Builder<BeepSyslogAppender> {
        @PluginBuilderAttribute @Required(message = "BeepSyslog needs collectors=\"host:port,...\"")
        private String collectors = "";
        @PluginBuilderAttribute private String transport = "COOKED";
        @PluginBuilderAttribute private String facility = "user";
        @PluginBuilderAttribute private String appName = "java";
        @PluginBuilderAttribute private String hostname = "";
        @PluginBuilderAttribute private String enterpriseNumber = LogShipper.DEFAULT_ENTERPRISE_NUMBER;
        @PluginBuilderAttribute private int queueSize = LogShipper.DEFAULT_CAPACITY;
        @PluginBuilderAttribute private String overflow = "BLOCK";
        @PluginBuilderAttribute private long blockTimeoutMillis = LogShipper.DEFAULT_BLOCK_TIMEOUT.toMillis();
        @PluginBuilderAttribute private String spillDirectory = "";
        @PluginBuilderAttribute private long spillMaxBytes = LogShipper.DEFAULT_SPILL_MAX_BYTES;
        @PluginBuilderAttribute private int inFlight = LogShipper.DEFAULT_IN_FLIGHT;
        @PluginBuilderAttribute private long closeTimeoutMillis = LogShipper.DEFAULT_CLOSE_TIMEOUT.toMillis();
        @PluginBuilderAttribute private boolean tls;
        @PluginBuilderAttribute private String trustCertificates = "";
        @PluginBuilderAttribute private String saslMechanism = "";
        @PluginBuilderAttribute private String username = "";
        @PluginBuilderAttribute(sensitive = true) private String password = "";

        private Builder() {
        }

        /** Comma-separated {@code host:port} of the collectors (required). */
        public Builder setCollectors(String list) {
            this.collectors = list;
            return this;
        }

        /** {@code BLOCK} (default), {@code DROP} or {@code SPILL}. */
        public Builder setOverflow(String policy) {
            this.overflow = policy;
            return this;
        }

        /** The spill directory (required with SPILL). */
        public Builder setSpillDirectory(String dir) {
            this.spillDirectory = dir;
            return this;
        }

        /** {@code COOKED} (default) or {@code RAW}. */
        public Builder setTransport(String v) {
            this.transport = v;
            return this;
        }

        /** The facility by name ({@code user}, {@code local0}...) or number (default {@code user}). */
        public Builder setFacility(String v) {
            this.facility = v;
            return this;
        }

        /** APP-NAME (default {@code java}). */
        public Builder setAppName(String v) {
            this.appName = v;
            return this;
        }

        /** HOSTNAME (default: this machine's name). */
        public Builder setHostname(String v) {
            this.hostname = v;
            return this;
        }

        /** The private enterprise number in the SD-IDs (default 32473, the number for documentation). */
        public Builder setEnterpriseNumber(String v) {
            this.enterpriseNumber = v;
            return this;
        }

        /** The queue's capacity in events (default 8192). */
        public Builder setQueueSize(int v) {
            this.queueSize = v;
            return this;
        }

        /** How long a logging thread waits for room under BLOCK and SPILL (default 100). */
        public Builder setBlockTimeoutMillis(long v) {
            this.blockTimeoutMillis = v;
            return this;
        }

        /** The most the spill holds (default 256 MiB). */
        public Builder setSpillMaxBytes(long v) {
            this.spillMaxBytes = v;
            return this;
        }

        /** COOKED entries awaiting their {@code <ok />} at once (default 64). */
        public Builder setInFlight(int v) {
            this.inFlight = v;
            return this;
        }

        /** How long stopping lets the shipper deliver what it holds (default 10 000). */
        public Builder setCloseTimeoutMillis(long v) {
            this.closeTimeoutMillis = v;
            return this;
        }

        /** Starts TLS on every connection. */
        public Builder setTls(boolean v) {
            this.tls = v;
            return this;
        }

        /** A PEM file of the authorities to trust for TLS (implies {@code tls}). */
        public Builder setTrustCertificates(String v) {
            this.trustCertificates = v;
            return this;
        }

        /** A SASL mechanism to authenticate with on every connection. */
        public Builder setSaslMechanism(String v) {
            this.saslMechanism = v;
            return this;
        }

        /** The SASL user. */
        public Builder setUsername(String v) {
            this.username = v;
            return this;
        }

        /** The SASL password. */
        public Builder setPassword(String v) {
            this.password = v;
            return this;
        }

        /** The appender, its shipper started; null (with a status error) when the settings are wrong. */
        @Override
        public BeepSyslogAppender build() {
            try {
                LogShipper.Builder b = LogShipper.builder().collectors(collectors)
                        .transport(SyslogTransport.valueOf(transport.strip().toUpperCase(Locale.ROOT)))
                        .facility(facility).appName(appName).enterpriseNumber(enterpriseNumber).capacity(queueSize)
                        .overflow(OverflowPolicy.valueOf(overflow.strip().toUpperCase(Locale.ROOT)))
                        .blockTimeout(Duration.ofMillis(blockTimeoutMillis)).spillMaxBytes(spillMaxBytes)
                        .inFlight(inFlight).security(security());
                if (!hostname.isBlank()) {
                    b.hostname(hostname);
                }
                if (!spillDirectory.isBlank()) {
                    b.spillDirectory(Path.of(spillDirectory));
                }
                return new BeepSyslogAppender(this, b);
            } catch (RuntimeException e) {
                LOGGER.error("BeepSyslog appender {}: {}", getName(), e.getMessage(), e);
                return null;
            }
        }

        private InitiatorSecurity security() {
            InitiatorSecurity.Builder b = InitiatorSecurity.builder();
            if (tls || !trustCertificates.isBlank()) {
                b.tls(TlsConfig.builder().trust(trustCertificates.isBlank() ? TrustMaterial.system()
                        : TrustMaterial.fromPem(Path.of(trustCertificates))).build()).tlsOnConnect(true);
            }
            if (!saslMechanism.isBlank()) {
                SaslMechanism m = SaslMechanism.forName(saslMechanism).orElseThrow(() ->
                        new IllegalArgumentException("unknown SASL mechanism " + saslMechanism));
                b.sasl(m, SaslCredentials.password(username, password.toCharArray()));
            }
            return b.build();
        }
    }

    /** Drops, spills and connection changes to the status logger. */
    private static final class StatusListener implements ShipperListener {
        private final String name;

        StatusListener(String name) {
            this.name = name;
        }

        @Override
        public void dropped(ShipperCounts counts, String reason) {
            LOGGER.warn("BeepSyslog appender {} dropped log events: {}; {}", name, reason, counts);
        }

        @Override
        public void spilled(ShipperCounts counts, String reason) {
            LOGGER.warn("BeepSyslog appender {} spilled log events to disk: {}; {}", name, reason, counts);
        }

        @Override
        public void connected(String collector) {
            LOGGER.info("BeepSyslog appender {} connected to the collector {}", name, collector);
        }

        @Override
        public void disconnected(String collector, Throwable cause) {
            LOGGER.warn("BeepSyslog appender {} lost the collector {}: {}", name, collector, cause.toString());
        }
    }
}
