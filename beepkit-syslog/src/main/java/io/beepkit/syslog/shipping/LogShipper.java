package io.beepkit.syslog.shipping;

import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.ReconnectPolicy;
import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.syslog.SyslogTransport;
import io.beepkit.syslog.shipping.internal.EventQueue;
import io.beepkit.syslog.shipping.internal.Reporter;
import io.beepkit.syslog.shipping.internal.ShipperLoop;
import io.beepkit.syslog.shipping.internal.ShipperSettings;
import io.beepkit.syslog.shipping.internal.SpillStore;
import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Delivers an application's log events to an RFC 3195 collector, at least once. A logging thread's cost is
 * {@link #offer(LogEvent)}: one enqueue into a bounded queue, no I/O. A thread of the shipper's own takes the events,
 * formats each as an RFC 5424 line (the logger and thread as the {@code log@N} element, the diagnostic context as
 * the {@code mdc@N} element, N the {@link Builder#enterpriseNumber enterprise number}) and sends it on a COOKED
 * (default) or RAW channel over a session it keeps up through beep-netty's {@code ManagedSession}: after a lost
 * session it reconnects with the {@link ReconnectPolicy}'s backoff and sends again whatever was not acknowledged
 * (COOKED: each entry without its {@code <ok />}; RAW: every line since the last clean end of a channel, which it
 * makes every {@link Builder#rawCheckpointLines} lines and after a pause). When the queue is full, the
 * {@link OverflowPolicy} decides; {@link #counts()} says what became of every event.
 *
 * <pre>{@code
 * LogShipper shipper = LogShipper.builder().collector("logs.example", 601).appName("billing").start();
 * shipper.offer(event);
 * ShipperCounts left = shipper.close(Duration.ofSeconds(5));
 * }</pre>
 *
 * Thread-safe.
 */
public final class LogShipper implements AutoCloseable {
    /** The default queue capacity, in events. */
    public static final int DEFAULT_CAPACITY = 8192;
    /** Under {@link OverflowPolicy#DROP}, the fill level (percent) from which events below warning are dropped. */
    public static final int DROP_THRESHOLD_PERCENT = 80;
    /** How long a logging thread waits for room under BLOCK (and SPILL) by default. */
    public static final Duration DEFAULT_BLOCK_TIMEOUT = Duration.ofMillis(100);
    /**
     * COOKED entries awaiting their {@code <ok />} at once, by default: a beepkit collector's default
     * {@code SyslogLimits.maxPendingEntries} too, so device and collector agree without settings. The device's
     * receive window is sized for their replies only towards a collector offering the RFC 3195 URIs; liblogging's
     * (the legacy URIs only) keeps the RFC's 4096 octets and sees no SEQ.
     */
    public static final int DEFAULT_IN_FLIGHT = 1024;
    /** RAW lines after which the channel is ended cleanly (which acknowledges them) and started again. */
    public static final int DEFAULT_RAW_CHECKPOINT_LINES = 10_000;
    /** The most the spill files hold together, by default. */
    public static final long DEFAULT_SPILL_MAX_BYTES = 256L << 20;
    /** The private enterprise number in the SD-IDs by default: 32473, reserved for documentation (RFC 5612). */
    public static final String DEFAULT_ENTERPRISE_NUMBER = "32473";
    /** The shortest interval between two reports of drops (or of spills) to the {@link ShipperListener}. */
    public static final Duration REPORT_INTERVAL = Duration.ofSeconds(10);
    /** How long {@link #close()} lets the shipper deliver what it holds. */
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private final EventQueue queue;
    private final ShipperLoop loop;
    private final Thread thread;

    private LogShipper(ShipperSettings s) {
        Reporter reporter = new Reporter(s.listener(), s.reportInterval().toNanos());
        this.queue = new EventQueue(s.capacity(), s.overflow(), s.blockTimeout().toNanos(),
                s.dropThresholdPercent(), reporter);
        Path dir = s.spillDirectory();
        SpillStore spill = s.overflow() == OverflowPolicy.SPILL && dir != null
                ? new SpillStore(dir, s.spillMaxBytes(), s.spillSegmentBytes()) : null;
        this.loop = new ShipperLoop(s, queue, reporter, spill);
        reporter.counts(loop::counts);
        this.thread = new Thread(loop, "beepkit-log-shipper");
        thread.setDaemon(true); // never keeps the application alive; close() (the appender's stop) flushes
    }

    /** A builder; at least one {@link Builder#collector collector} is required. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Hands {@code event} over (see {@link LogEvent} for which of its methods run on this thread). Returns false when
     * the event was dropped, as the overflow policy says; it is then counted, and reported to the listener.
     */
    public boolean offer(LogEvent event) {
        return queue.offer(event);
    }

    /** What became of the events offered so far. */
    public ShipperCounts counts() {
        return loop.counts();
    }

    /**
     * Stops taking events (later offers are dropped), delivers what is held for up to {@code timeout}, then ends the
     * session. What is left then goes to the spill under {@link OverflowPolicy#SPILL} (replayed by the next shipper
     * on the same directory) and is counted as dropped otherwise. Returns the final counts: {@code pending()} is 0.
     */
    public ShipperCounts close(Duration timeout) {
        queue.close();
        var done = loop.close(System.nanoTime() + timeout.toNanos());
        try {
            return done.get(timeout.toNanos() + TimeUnit.SECONDS.toNanos(5), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            thread.interrupt();
        }
        return loop.counts();
    }

    /** {@link #close(Duration)} with {@link #DEFAULT_CLOSE_TIMEOUT}. */
    @Override
    public void close() {
        close(DEFAULT_CLOSE_TIMEOUT);
    }

    /** Configures and starts a {@link LogShipper}. */
    public static final class Builder {
        private final List<ShipperSettings.Address> collectors = new ArrayList<>();
        private SyslogTransport transport = SyslogTransport.COOKED;
        private SessionConfig config = SessionConfig.defaults();
        private InitiatorSecurity security = InitiatorSecurity.NONE;
        private ReconnectPolicy reconnect = ReconnectPolicy.defaults();
        private Duration failoverAfter = Duration.ofSeconds(10);
        private Duration connectTimeout = Duration.ofSeconds(10);
        private int inFlight = DEFAULT_IN_FLIGHT;
        private int rawCheckpointLines = DEFAULT_RAW_CHECKPOINT_LINES;
        private int facility = 1;
        private String hostname = LocalHost.name();
        private String appName = "java";
        private String procId = Long.toString(ProcessHandle.current().pid());
        private String enterprise = DEFAULT_ENTERPRISE_NUMBER;
        private int capacity = DEFAULT_CAPACITY;
        private OverflowPolicy overflow = OverflowPolicy.BLOCK;
        private Duration blockTimeout = DEFAULT_BLOCK_TIMEOUT;
        private @Nullable Path spillDirectory;
        private long spillMaxBytes = DEFAULT_SPILL_MAX_BYTES;
        private long spillSegmentBytes = 1L << 20;
        private ShipperListener listener = new ShipperListener() { };
        private Duration reportInterval = REPORT_INTERVAL;

        private Builder() {
        }

        /** Adds a collector; with several, the shipper moves to the next after {@link #failoverAfter} without one. */
        public Builder collector(String host, int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port must be in 1..65535: " + port);
            }
            collectors.add(new ShipperSettings.Address(Objects.requireNonNull(host, "host"), port));
            return this;
        }

        /** Adds the collectors of a comma-separated list of {@code host:port} ({@code [v6-address]:port} for IPv6). */
        public Builder collectors(String list) {
            for (String item : list.split(",")) {
                String a = item.strip();
                int colon = a.lastIndexOf(':');
                if (colon <= 0 || colon == a.length() - 1) {
                    throw new IllegalArgumentException("not host:port: '" + a + "'");
                }
                String host = a.substring(0, colon);
                collector(host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host,
                        Integer.parseInt(a.substring(colon + 1)));
            }
            return this;
        }

        /** COOKED (default: an acknowledgement per event) or RAW (acknowledged per channel, see the class). */
        public Builder transport(SyslogTransport transport) {
            this.transport = Objects.requireNonNull(transport, "transport");
            return this;
        }

        /** The session configuration (default {@link SessionConfig#defaults()}). */
        public Builder config(SessionConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /** TLS and SASL on connect (default {@link InitiatorSecurity#NONE}). */
        public Builder security(InitiatorSecurity security) {
            this.security = Objects.requireNonNull(security, "security");
            return this;
        }

        /** The backoff between connection attempts (default {@link ReconnectPolicy#defaults()}). */
        public Builder reconnect(ReconnectPolicy policy) {
            this.reconnect = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** How long without a session before moving to the next collector (default 10 s). */
        public Builder failoverAfter(Duration d) {
            this.failoverAfter = positive(d, "failoverAfter");
            return this;
        }

        /** How long a connection or a channel start may take (default 10 s). */
        public Builder connectTimeout(Duration d) {
            this.connectTimeout = positive(d, "connectTimeout");
            return this;
        }

        /** COOKED entries awaiting their {@code <ok />} at once, 1..4096 (default {@value #DEFAULT_IN_FLIGHT}). */
        public Builder inFlight(int n) {
            this.inFlight = range(n, 1, 4096, "inFlight");
            return this;
        }

        /** RAW lines per channel before a clean end acknowledges them (default 10 000). */
        public Builder rawCheckpointLines(int n) {
            this.rawCheckpointLines = range(n, 1, 1_000_000, "rawCheckpointLines");
            return this;
        }

        /** The RFC 5424 facility, 0..23 (default 1, user-level). */
        public Builder facility(int facility) {
            this.facility = range(facility, 0, 23, "facility");
            return this;
        }

        /** The facility by RFC 5424 name ({@code kern}, {@code user}, ... {@code local0} to {@code local7}) or number. */
        public Builder facility(String name) {
            return facility(Facilities.parse(name));
        }

        /** HOSTNAME (default: this machine's name). */
        public Builder hostname(String hostname) {
            this.hostname = Objects.requireNonNull(hostname, "hostname");
            return this;
        }

        /** APP-NAME (default {@code java}). */
        public Builder appName(String appName) {
            this.appName = Objects.requireNonNull(appName, "appName");
            return this;
        }

        /** PROCID (default: this process's id). */
        public Builder procId(String procId) {
            this.procId = Objects.requireNonNull(procId, "procId");
            return this;
        }

        /** The private enterprise number of the SD-IDs {@code log@N} and {@code mdc@N} (default 32473). */
        public Builder enterpriseNumber(String number) {
            if (!number.matches("[0-9]+(\\.[0-9]+)*")) {
                throw new IllegalArgumentException("not an enterprise number: " + number);
            }
            this.enterprise = number;
            return this;
        }

        /** The queue's capacity in events (default {@value #DEFAULT_CAPACITY}). */
        public Builder capacity(int events) {
            this.capacity = range(events, 1, 1 << 24, "capacity");
            return this;
        }

        /** What happens when the queue is full (default {@link OverflowPolicy#BLOCK}). */
        public Builder overflow(OverflowPolicy policy) {
            this.overflow = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** How long a logging thread waits for room under BLOCK and SPILL (default 100 ms). */
        public Builder blockTimeout(Duration d) {
            this.blockTimeout = Objects.requireNonNull(d, "blockTimeout");
            return this;
        }

        /** Where SPILL writes its segment files (required with SPILL); one shipper per directory. */
        public Builder spillDirectory(@Nullable Path dir) {
            this.spillDirectory = dir;
            return this;
        }

        /** The most the spill files hold together (default 256 MiB); beyond it events are dropped. */
        public Builder spillMaxBytes(long bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("spillMaxBytes must be at least 1024: " + bytes);
            }
            this.spillMaxBytes = bytes;
            this.spillSegmentBytes = Math.min(1L << 20, Math.max(512, bytes / 8));
            return this;
        }

        /** Told of drops, spills and connection changes (default: nobody). */
        public Builder listener(ShipperListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** The shortest interval between two drop (or spill) reports (default {@link #REPORT_INTERVAL}). */
        public Builder reportInterval(Duration d) {
            this.reportInterval = Objects.requireNonNull(d, "reportInterval");
            return this;
        }

        /**
         * Starts the shipper: its thread connects at once and keeps connecting with backoff until it has a session.
         *
         * @throws IllegalStateException without a collector, or with SPILL and no spill directory
         */
        public LogShipper start() {
            if (collectors.isEmpty()) {
                throw new IllegalStateException("no collector given");
            }
            if (overflow == OverflowPolicy.SPILL && spillDirectory == null) {
                throw new IllegalStateException("the SPILL policy needs a spillDirectory");
            }
            LogShipper shipper = new LogShipper(new ShipperSettings(List.copyOf(collectors), transport, config, security,
                    reconnect, failoverAfter, connectTimeout, inFlight, rawCheckpointLines, facility, hostname,
                    appName, procId, enterprise, capacity, overflow, blockTimeout, DROP_THRESHOLD_PERCENT,
                    spillDirectory, spillMaxBytes, spillSegmentBytes, listener, reportInterval));
            shipper.thread.start();
            return shipper;
        }

        private static Duration positive(Duration d, String name) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive: " + d);
            }
            return d;
        }

        private static int range(int v, int min, int max, String name) {
            if (v < min || v > max) {
                throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ": " + v);
            }
            return v;
        }
    }
}
