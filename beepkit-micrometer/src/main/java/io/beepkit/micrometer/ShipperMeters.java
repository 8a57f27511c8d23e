package io.beepkit.micrometer;

import io.beepkit.syslog.shipping.ShipperCounts;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Meters of a log shipper's counts ({@code io.beepkit.syslog.shipping.ShipperCounts}): what a
 * {@code BeepSyslogAppender} or any {@code LogShipper} delivered, dropped, spilled and sent again, and what it holds.
 * The counts are read from the supplier when the registry publishes, so nothing is added to the logging path:
 *
 * <pre>{@code
 * new ShipperMeters(appender::counts, Tags.of("appender", "BEEP")).bindTo(registry);
 * }</pre>
 *
 * <p>Needs beepkit-syslog on the class path (an optional dependency of this module).
 */
public final class ShipperMeters implements MeterBinder {
    /** Counter: events given to the shipper. */
    public static final String OFFERED = "beep.logging.events.offered";
    /** Counter: events the collector acknowledged. */
    public static final String DELIVERED = "beep.logging.events.delivered";
    /** Counter: events dropped by the overflow policy or for want of room in the spill. */
    public static final String DROPPED = "beep.logging.events.dropped";
    /** Counter: events written to the disk spill. */
    public static final String SPILLED = "beep.logging.events.spilled";
    /** Counter: events sent again after a connection was lost before their acknowledgement. */
    public static final String RESENT = "beep.logging.events.resent";
    /** Gauge: events held (queued, in flight or spilled) and not yet acknowledged. */
    public static final String PENDING = "beep.logging.events.pending";

    private final Supplier<ShipperCounts> counts;
    private final Iterable<Tag> tags;

    /**
     * @param counts reads the shipper's counts now (for example {@code appender::counts} or {@code shipper::counts})
     * @param tags   tags of every meter (for example the appender's name)
     */
    public ShipperMeters(Supplier<ShipperCounts> counts, Iterable<Tag> tags) {
        this.counts = Objects.requireNonNull(counts, "counts");
        this.tags = Tags.of(Objects.requireNonNull(tags, "tags"));
    }

    /** @param counts reads the shipper's counts now; the meters have no tags */
    public ShipperMeters(Supplier<ShipperCounts> counts) {
        this(counts, Tags.empty());
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        counter(registry, OFFERED, "log events given to the shipper", ShipperCounts::offered);
        counter(registry, DELIVERED, "log events the collector acknowledged", ShipperCounts::delivered);
        counter(registry, DROPPED, "log events dropped by the overflow policy", ShipperCounts::dropped);
        counter(registry, SPILLED, "log events written to the disk spill", ShipperCounts::spilled);
        counter(registry, RESENT, "log events sent again after a lost connection", ShipperCounts::resent);
        Gauge.builder(PENDING, counts, c -> c.get().pending()).tags(tags)
                .description("log events held and not yet acknowledged").register(registry);
    }

    private void counter(MeterRegistry registry, String name, String description, ToDoubleFunction<ShipperCounts> f) {
        FunctionCounter.builder(name, counts, c -> f.applyAsDouble(c.get())).tags(tags).description(description)
                .register(registry);
    }
}
