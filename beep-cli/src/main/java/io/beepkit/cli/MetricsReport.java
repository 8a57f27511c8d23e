package io.beepkit.cli;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Renders the meters of {@code io.beepkit.micrometer.BeepMetrics} as text, one line per series, the way a dashboard
 * would read them: {@code beep.messages.received{profile=...,role=listener,type=msg} 200}. Counters, timers and
 * summaries still at zero are left out, and so are the per-percentile gauges a registry derives from a timer (the
 * timer's line shows its percentiles).
 */
final class MetricsReport {
    private MetricsReport() {
    }

    /** The non-zero series of {@code registry}, sorted by name and tags. */
    static List<String> lines(MeterRegistry registry) {
        List<Meter> meters = new ArrayList<>(registry.getMeters());
        meters.sort(Comparator.comparing(MetricsReport::key));
        List<String> lines = new ArrayList<>();
        for (Meter m : meters) {
            if (m.getId().syntheticAssociation() != null) {
                continue;
            }
            String value = value(m);
            if (value != null) {
                lines.add(key(m) + " " + value);
            }
        }
        return lines;
    }

    private static String key(Meter m) {
        String tags = m.getId().getTags().stream().map(t -> t.getKey() + "=" + t.getValue())
                .collect(Collectors.joining(","));
        return m.getId().getName() + (tags.isEmpty() ? "" : "{" + tags + "}");
    }

    /** The series' figures, or null while it has seen nothing. */
    private static String value(Meter m) {
        if (m instanceof Counter c) {
            return c.count() == 0 ? null : number(c.count());
        }
        if (m instanceof Gauge g) {
            return number(g.value());
        }
        if (m instanceof Timer t) {
            if (t.count() == 0) {
                return null;
            }
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "count=%d total=%.3fms max=%.3fms",
                    t.count(), t.totalTime(TimeUnit.NANOSECONDS) / 1e6, t.max(TimeUnit.NANOSECONDS) / 1e6));
            for (ValueAtPercentile p : t.takeSnapshot().percentileValues()) {
                b.append(String.format(Locale.ROOT, " p%s=%.3fms", number(p.percentile() * 100),
                        p.value(TimeUnit.NANOSECONDS) / 1e6));
            }
            return b.toString();
        }
        if (m instanceof DistributionSummary s) {
            return s.count() == 0 ? null : String.format(Locale.ROOT, "count=%d mean=%.2f max=%s", s.count(),
                    s.mean(), number(s.max()));
        }
        return null;
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
