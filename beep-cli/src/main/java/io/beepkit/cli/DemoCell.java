package io.beepkit.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of {@code beep demo}'s table: the rounds of one socket profile and message size. The rate is the median of
 * the rounds (a round that met a stall of this shared machine moves it little) with their spread; the frame and
 * segment figures are totals over all rounds.
 */
final class DemoCell {
    private final String profile;
    private final int size;
    private final List<Double> rates = new ArrayList<>();
    private long messages;
    private long frames;
    private long tinyFrames;
    private long bytes;
    private long segments;

    DemoCell(String profile, int size) {
        this.profile = profile;
        this.size = size;
    }

    void add(DemoPair.DemoRound round) {
        rates.add(round.msgsPerSecond());
        messages += round.messages();
        frames += round.frames();
        tinyFrames += round.tinyFrames();
        bytes += round.bytes();
        segments = segments < 0 || round.segments() < 0 ? -1 : segments + round.segments();
    }

    String profile() {
        return profile;
    }

    int size() {
        return size;
    }

    int rounds() {
        return rates.size();
    }

    /** The median of the rounds' rates, in messages per second. */
    double msgsPerSecond() {
        List<Double> sorted = rates.stream().sorted().toList();
        int n = sorted.size();
        if (n == 0) {
            return 0;
        }
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** Half the range of the rounds' rates as a share of the median, in percent (0 for a single round). */
    double spreadPercent() {
        double median = msgsPerSecond();
        if (rates.size() < 2 || median == 0) {
            return 0;
        }
        double min = rates.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return (max - min) / 2 / median * 100;
    }

    /** Payload megabytes (10^6 octets) per second at the median rate. */
    double megabytesPerSecond() {
        return messages == 0 ? 0 : msgsPerSecond() * ((double) bytes / messages) / 1e6;
    }

    double framesPerMessage() {
        return messages == 0 ? 0 : (double) frames / messages;
    }

    long tinyFrames() {
        return tinyFrames;
    }

    /** TCP segments per message both ways, or NaN where the host's counters cannot be read. */
    double segmentsPerMessage() {
        return segments < 0 || messages == 0 ? Double.NaN : (double) segments / messages;
    }
}
