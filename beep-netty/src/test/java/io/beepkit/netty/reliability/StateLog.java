package io.beepkit.netty.reliability;

import io.beepkit.netty.ManagedSession.State;
import io.beepkit.netty.ManagedSession.StateChange;
import io.beepkit.netty.ManagedSession.StateListener;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** Records a managed session's state changes with the time ({@link System#nanoTime()}) each was told. */
final class StateLog implements StateListener {
    private record Entry(long at, StateChange change) {
        @Override
        public String toString() {
            return change.previous() + " -> " + change.current()
                    + (change.cause() == null ? "" : " (" + change.cause() + ")");
        }
    }

    private final List<Entry> entries = new CopyOnWriteArrayList<>();

    @Override
    public void stateChanged(StateChange change) {
        entries.add(new Entry(System.nanoTime(), change));
    }

    /**
     * Waits for the first change to {@code state} told at or after {@code since} and returns when it was told.
     *
     * @throws AssertionError if none comes within {@code timeoutMillis}
     */
    long awaitAfter(State state, long since, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            for (Entry e : entries) {
                if (e.at() - since >= 0 && e.change().current() == state) {
                    return e.at();
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("no change to " + state + " within " + timeoutMillis + " ms: " + this);
            }
            Thread.sleep(5);
        }
    }

    @Override
    public String toString() {
        return entries.toString();
    }
}
