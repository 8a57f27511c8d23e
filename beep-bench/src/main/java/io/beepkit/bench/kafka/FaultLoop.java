package io.beepkit.bench.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The faults of a soak, one at a time on the calling thread until an end time: the collector killed with SIGKILL and
 * started again on the same port every {@code killMin} to {@code killMax} seconds, the broker stopped and started again
 * on the same port and data once (at {@code brokerAt} seconds), and every connection between the devices and the
 * collector cut in the middle of a message every {@code cutMin} to {@code cutMax} seconds. Each fault is recorded
 * with how long it took to recover from.
 */
final class FaultLoop {
    /** Kinds of fault. */
    enum Kind { COLLECTOR_KILL, BROKER_RESTART, CONNECTIONS_CUT }

    /**
     * One fault.
     *
     * @param seconds  when it began, since the run's start
     * @param kind     what it was
     * @param millis   until the collector listened again, or the broker served the topic again, or the cut was done
     * @param affected connections cut (0 for the other kinds)
     */
    record Fault(double seconds, Kind kind, long millis, int affected) {
    }

    /** Seconds between faults of one kind: a new draw in [min, max] each time. */
    record Interval(double min, double max) {
        double draw(Random random) {
            return min + random.nextDouble() * (max - min);
        }
    }

    private final CollectorProcess collector;
    private final KafkaBroker broker;
    private final String topic;
    private final CuttingProxy proxy;
    private final Interval kills;
    private final double brokerAt;
    private final Interval cuts;
    private final Random random;

    FaultLoop(CollectorProcess collector, KafkaBroker broker, String topic, CuttingProxy proxy, Interval kills,
              double brokerAt, Interval cuts, long seed) {
        this.collector = collector;
        this.broker = broker;
        this.topic = topic;
        this.proxy = proxy;
        this.kills = kills;
        this.brokerAt = brokerAt;
        this.cuts = cuts;
        this.random = new Random(seed);
    }

    /** Runs faults from {@code t0} until {@code endNanos} ({@link System#nanoTime()}); returns them in order. */
    List<Fault> run(long t0, long endNanos) throws Exception {
        List<Fault> done = new ArrayList<>();
        double nextKill = kills.draw(random);
        double nextCut = cuts.draw(random);
        boolean brokerDone = brokerAt < 0;
        while (true) {
            double next = Math.min(nextKill, Math.min(nextCut, brokerDone ? Double.MAX_VALUE : brokerAt));
            long at = t0 + (long) (next * 1e9);
            if (at >= endNanos) {
                return done;
            }
            long wait = at - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            double now = (System.nanoTime() - t0) / 1e9;
            long s = System.nanoTime();
            if (next == nextKill) {
                collector.kill();
                collector.restart();
                done.add(new Fault(now, Kind.COLLECTOR_KILL, millisSince(s), 0));
                nextKill = now + kills.draw(random);
            } else if (next == nextCut) {
                int n = proxy.cutAll();
                done.add(new Fault(now, Kind.CONNECTIONS_CUT, millisSince(s), n));
                nextCut = now + cuts.draw(random);
            } else {
                broker.stopProcess();
                broker.startProcess();
                broker.awaitLeaders(topic);
                done.add(new Fault(now, Kind.BROKER_RESTART, millisSince(s), 0));
                brokerDone = true;
            }
        }
    }

    private static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
