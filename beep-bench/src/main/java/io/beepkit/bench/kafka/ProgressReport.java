package io.beepkit.bench.kafka;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Reads a run's {@link TopicProgress} samples: the steady-state rate between the moments the topic held two shares of
 * the lines, and the records added in each second, the topic's count read between samples as a straight line.
 */
final class ProgressReport {
    /**
     * The rate between two moments.
     *
     * @param fromSeconds when the topic held the lower share (since the devices' start)
     * @param toSeconds   when it held the upper share
     * @param perSecond   records a second between the two
     */
    record Rate(double fromSeconds, double toSeconds, double perSecond) {
    }

    private final List<TopicProgress.Sample> samples;

    /** @param samples in time order, as {@link TopicProgress#stop()} returns them */
    ProgressReport(List<TopicProgress.Sample> samples) {
        this.samples = samples;
    }

    /**
     * Records a second between the moments the topic held {@code from} and {@code to} of {@code total} records
     * ({@code 0 <= from < to <= 1}); null when it never held {@code to} of them or the two moments coincide.
     */
    @Nullable Rate rate(long total, double from, double to) {
        if (!(from >= 0 && from < to && to <= 1)) {
            throw new IllegalArgumentException("expected 0 <= from < to <= 1, got " + from + " and " + to);
        }
        long low = (long) Math.ceil(total * from);
        long high = (long) Math.ceil(total * to);
        double t1 = when(low);
        double t2 = when(high);
        if (Double.isNaN(t1) || Double.isNaN(t2) || t2 <= t1) {
            return null;
        }
        return new Rate(t1, t2, (high - low) / (t2 - t1));
    }

    /** The moment the topic first held {@code target} records, between the two samples around it; NaN if never. */
    double when(long target) {
        TopicProgress.Sample before = null;
        for (TopicProgress.Sample s : samples) {
            if (s.records() >= target) {
                if (before == null || s.records() == before.records()) {
                    return s.seconds();
                }
                double share = (double) (target - before.records()) / (s.records() - before.records());
                return before.seconds() + share * (s.seconds() - before.seconds());
            }
            before = s;
        }
        return Double.NaN;
    }

    /** Records in the topic at {@code seconds}, on the straight line between the samples around it. */
    double recordsAt(double seconds) {
        TopicProgress.Sample before = null;
        for (TopicProgress.Sample s : samples) {
            if (s.seconds() >= seconds) {
                if (before == null) {
                    return s.records();
                }
                double share = (seconds - before.seconds()) / (s.seconds() - before.seconds());
                return before.records() + share * (s.records() - before.records());
            }
            before = s;
        }
        return before == null ? 0 : before.records();
    }

    /**
     * The records added in each whole second from 0 to the last sample, in thousands with one decimal, separated by
     * spaces; a last partial second of at least a quarter second is scaled to a full one, a shorter one left out.
     * Empty without samples.
     */
    String timeline() {
        if (samples.isEmpty()) {
            return "";
        }
        double end = samples.get(samples.size() - 1).seconds();
        StringJoiner out = new StringJoiner(" ");
        for (int s = 0; s < end; s++) {
            double to = Math.min(s + 1, end);
            if (to - s < 0.25) {
                break;
            }
            double added = recordsAt(to) - recordsAt(s);
            out.add(String.format(Locale.ROOT, "%.1f", added / (to - s) / 1000));
        }
        return out.toString();
    }
}
