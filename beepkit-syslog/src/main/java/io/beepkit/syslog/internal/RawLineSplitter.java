package io.beepkit.syslog.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
    /** The unfinished line: {@code length} octets of {@code line}, grown as needed up to {@code maxLine}. */
    private byte[] line = new byte[256];
    private int length;
    private boolean pendingCr;
    private int lines;

    /** A splitter for one answer. */
    public RawLineSplitter(int maxLine, int maxLines) {
        this.maxLine = maxLine;
        this.maxLines = maxLines;
    }

    /** The lines completed by {@code body} (a piece of the answer's body), in order. */
    public List<String> feed(byte[] body) {
        List<String> done = new ArrayList<>(Math.min(64, body.length / 64 + 1));
        int i = 0;
        if (pendingCr && body.length > 0) {
            pendingCr = false;
            if (body[0] == '\n') {
                finish(done);
                i = 1;
            } else {
                append(CR, 0, 1);
            }
        }
        // Whole runs of octets between CRs are copied at once; a CR not followed by LF stays in the line.
        while (i < body.length) {
            int cr = indexOfCr(body, i);
            if (cr < 0) {
                append(body, i, body.length - i);
                break;
            }
            append(body, i, cr - i);
            if (cr + 1 == body.length) {
                pendingCr = true;
                break;
            }
            if (body[cr + 1] == '\n') {
                finish(done);
                i = cr + 2;
            } else {
                append(CR, 0, 1);
                i = cr + 1;
            }
        }
        return done;
    }

    private static final byte[] CR = {'\r'};

    private static int indexOfCr(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == '\r') {
                return i;
            }
        }
        return -1;
    }

    /** The answer ended: its unterminated last line, if any. */
    public List<String> end() {
        if (pendingCr) {
            pendingCr = false;
            append(CR, 0, 1);
        }
        List<String> done = new ArrayList<>(1);
        finish(done);
        return done;
    }

    private void append(byte[] b, int from, int n) {
        if (n == 0) {
            return;
        }
        if (length + n > maxLine) {
            throw new SyslogViolation(550, "RAW line longer than " + maxLine + " octets");
        }
        if (length + n > line.length) {
            line = Arrays.copyOf(line, Math.min(maxLine, Math.max(length + n, line.length * 2)));
        }
        System.arraycopy(b, from, line, length, n);
        length += n;
    }

    private void finish(List<String> done) {
        if (length == 0) {
            return;
        }
        if (++lines > maxLines) {
            throw new SyslogViolation(550, "more than " + maxLines + " lines in one RAW answer");
        }
        done.add(new String(line, 0, length, StandardCharsets.UTF_8));
        length = 0;
    }
}
