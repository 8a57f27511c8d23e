package io.beepkit.syslog.shipping.internal;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;

/** The shipper's side of the {@link SpillStore}: writes lines to it with their counts, reads them back as pending. */
final class Spiller {
    private final SpillStore store;
    private final Reporter reporter;
    private final long maxBytes;
    private volatile long spilled;
    private volatile long dropped;

    Spiller(SpillStore store, Reporter reporter, long maxBytes) {
        this.store = store;
        this.reporter = reporter;
        this.maxBytes = maxBytes;
    }

    /** Writes {@code lines} and hands them to the operating system; those without room are dropped. */
    void write(List<String> lines, String reason) throws IOException {
        if (lines.isEmpty()) {
            return;
        }
        int written = 0;
        try {
            for (String line : lines) {
                if (store.append(line)) {
                    written++;
                } else {
                    dropped++;
                    reporter.dropped("the spill is full (" + maxBytes + " bytes)");
                }
            }
            store.flush();
            spilled += written;
        } catch (IOException e) {
            dropped += lines.size() - written;
            reporter.dropped("writing the spill failed: " + e);
            throw e;
        }
        reporter.spilled(reason);
    }

    /** Adds the lines of the oldest segment to {@code to}, when there is one. */
    void replayInto(ArrayDeque<Pending> to) throws IOException {
        if (store.isEmpty()) {
            return;
        }
        SpillStore.@Nullable Segment s = store.next();
        if (s != null) {
            for (String line : s.lines()) {
                to.add(new Pending(line, s));
            }
        }
    }

    /** {@code p}, read from the spill, is delivered (or given up). */
    void done(Pending p) throws IOException {
        if (p.segment != null) {
            store.delivered(p.segment);
        }
    }

    boolean isEmpty() {
        return store.isEmpty();
    }

    void close() throws IOException {
        store.close();
    }

    long spilled() {
        return spilled;
    }

    long dropped() {
        return dropped;
    }
}
