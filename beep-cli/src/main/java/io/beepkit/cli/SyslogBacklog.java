package io.beepkit.cli;

import org.jspecify.annotations.Nullable;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Iterator;

/**
 * The lines of one {@code beep syslog send} run that still need the collector: those not read yet, and those sent on
 * a session that ended before they were acknowledged, which go again first, in their order. Counts what was
 * acknowledged and what was sent again. Used by one thread.
 */
final class SyslogBacklog {
    /** A line to send; {@code offered} once it was handed to a session, so the collector may already have it. */
    record Line(String text, boolean offered) {
        Line offeredNow() {
            return offered ? this : new Line(text, true);
        }
    }

    private final BufferedReader in;
    private final ArrayDeque<Line> again = new ArrayDeque<>();
    /** An input line {@link #hasNext()} read ahead, never sent yet. */
    private @Nullable Line ahead;
    private long read;
    private long acknowledged;
    private long resent;
    private long duplicatesPossible;

    SyslogBacklog(BufferedReader in) {
        this.in = in;
    }

    /**
     * Whether there is a line to send, waiting for input if need be; an input line read to find out is kept for
     * {@link #next()}. So a caller can make ready for the next line (start a channel) before it takes the line, and
     * loses none when that fails.
     */
    boolean hasNext() {
        if (!again.isEmpty() || ahead != null) {
            return true;
        }
        ahead = readLine();
        return ahead != null;
    }

    /** The next line to send: one to send again, else the next non-empty input line; null at the end of input. */
    @Nullable Line next() {
        Line l = again.poll();
        if (l != null) {
            resent++;
            if (l.offered()) {
                duplicatesPossible++;
            }
            return l;
        }
        if (ahead != null) {
            l = ahead; // read after every line to send again, so it goes after them too
            ahead = null;
            return l;
        }
        return readLine();
    }

    private @Nullable Line readLine() {
        try {
            for (String s = in.readLine(); s != null; s = in.readLine()) {
                if (!s.isEmpty()) {
                    read++;
                    return new Line(s, false);
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The session ended before {@code lines} (oldest first) were acknowledged: they go again before the rest. */
    void sendAgain(Collection<Line> lines) {
        Iterator<Line> newestFirst = new ArrayDeque<>(lines).descendingIterator();
        while (newestFirst.hasNext()) {
            again.addFirst(newestFirst.next());
        }
    }

    /** {@code n} lines were acknowledged. */
    void acknowledged(long n) {
        acknowledged += n;
    }

    /** Lines waiting to be sent again. */
    int waiting() {
        return again.size();
    }

    /** Non-empty lines read from the input so far. */
    long read() {
        return read;
    }

    long acknowledged() {
        return acknowledged;
    }

    /** Sends of a line that had been sent before. */
    long resent() {
        return resent;
    }

    /** Of {@link #resent()}, those whose earlier send had reached a session, so the collector may have two copies. */
    long duplicatesPossible() {
        return duplicatesPossible;
    }
}
