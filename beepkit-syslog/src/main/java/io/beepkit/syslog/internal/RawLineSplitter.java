package io.beepkit.syslog.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits the body of one RAW answer into syslog lines as it arrives (RFC 3195 §3.3: each ANS holds one or more
 * entries, each ended by CR LF). Holds at most one unfinished line of {@code maxLine} octets; a longer line, or more
 * than {@code maxLines} lines in one answer, is a {@link SyslogViolation}. Empty lines are skipped; text after the
 * last CR LF of an answer is still a line (senders that leave the final CR LF out exist). Lines are decoded as UTF-8,
 * malformed octets replaced.
 */
public final class RawLineSplitter {
    private final int maxLine;
    private final int maxLines;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(128);
    private boolean pendingCr;
    private int lines;

    /** A splitter for one answer. */
    public RawLineSplitter(int maxLine, int maxLines) {
        this.maxLine = maxLine;
        this.maxLines = maxLines;
    }

    /** The lines completed by {@code body} (a piece of the answer's body), in order. */
    public List<String> feed(byte[] body) {
        List<String> done = new ArrayList<>(2);
        for (byte b : body) {
            if (pendingCr) {
                pendingCr = false;
                if (b == '\n') {
                    finish(done);
                    continue;
                }
                append((byte) '\r');
            }
            if (b == '\r') {
                pendingCr = true;
            } else {
                append(b);
            }
        }
        return done;
    }

    /** The answer ended: its unterminated last line, if any. */
    public List<String> end() {
        if (pendingCr) {
            pendingCr = false;
            append((byte) '\r');
        }
        List<String> done = new ArrayList<>(1);
        finish(done);
        return done;
    }

    private void append(byte b) {
        if (line.size() >= maxLine) {
            throw new SyslogViolation(550, "RAW line longer than " + maxLine + " octets");
        }
        line.write(b);
    }

    private void finish(List<String> done) {
        if (line.size() == 0) {
            return;
        }
        if (++lines > maxLines) {
            throw new SyslogViolation(550, "more than " + maxLines + " lines in one RAW answer");
        }
        done.add(line.toString(StandardCharsets.UTF_8));
        line.reset();
    }
}
