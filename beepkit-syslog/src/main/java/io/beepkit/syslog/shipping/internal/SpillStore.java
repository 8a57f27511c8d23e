package io.beepkit.syslog.shipping.internal;

import org.jspecify.annotations.Nullable;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The disk spill: formatted lines appended to segment files {@code spill-<n>.log} in one directory, one line each,
 * LF-terminated, at most {@code maxBytes} in all. Segments are replayed oldest first, whole (one read), and deleted
 * once every line read from them was delivered; a segment partly delivered when the application stops is replayed
 * whole after it restarts (duplicates, at most one segment's worth). A last line without its LF (the application was
 * killed while writing it) is ignored. A line counts as spilled once {@link #flush()} handed it to the operating
 * system. Used only by the shipper's thread.
 */
public final class SpillStore implements AutoCloseable {
    private static final String PREFIX = "spill-";
    private static final String SUFFIX = ".log";

    /** A segment being replayed: its lines, and how many of them are not delivered yet. */
    public static final class Segment {
        private final Path file;
        private final long size;
        private final List<String> lines;
        private int undelivered;

        Segment(Path file, long size, List<String> lines) {
            this.file = file;
            this.size = size;
            this.lines = lines;
            this.undelivered = lines.size();
        }

        /** The lines, oldest first. */
        public List<String> lines() {
            return lines;
        }
    }

    private final Path dir;
    private final long maxBytes;
    private final long segmentBytes;
    private final ArrayDeque<Path> closed = new ArrayDeque<>();
    private long totalBytes;
    private long nextIndex;
    private @Nullable OutputStream current;
    private @Nullable Path currentFile;
    private long currentBytes;

    /** Opens {@code dir} (created if missing), taking the segments an earlier run left there for replay. */
    public SpillStore(Path dir, long maxBytes, long segmentBytes) {
        this.dir = dir;
        this.maxBytes = maxBytes;
        this.segmentBytes = segmentBytes;
        try {
            Files.createDirectories(dir);
            List<Path> found = new ArrayList<>();
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(SpillStore::isSegment).forEach(found::add);
            }
            found.sort((a, b) -> Long.compare(index(a), index(b)));
            for (Path p : found) {
                closed.add(p);
                totalBytes += Files.size(p);
                nextIndex = Math.max(nextIndex, index(p) + 1);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the spill directory " + dir, e);
        }
    }

    private static boolean isSegment(Path p) {
        String n = p.getFileName().toString();
        return n.startsWith(PREFIX) && n.endsWith(SUFFIX) && index(p) >= 0;
    }

    private static long index(Path p) {
        String n = p.getFileName().toString();
        try {
            return Long.parseLong(n.substring(PREFIX.length(), n.length() - SUFFIX.length()));
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** Appends {@code line} (buffered until {@link #flush()}); false when the spill is full. */
    public boolean append(String line) throws IOException {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        if (totalBytes + bytes.length > maxBytes) {
            return false;
        }
        if (current == null) {
            currentFile = dir.resolve(PREFIX + String.format("%012d", nextIndex++) + SUFFIX);
            current = new BufferedOutputStream(Files.newOutputStream(currentFile), 64 * 1024);
            currentBytes = 0;
        }
        current.write(bytes);
        currentBytes += bytes.length;
        totalBytes += bytes.length;
        if (currentBytes >= segmentBytes) {
            roll();
        }
        return true;
    }

    /** Hands what was appended to the operating system. */
    public void flush() throws IOException {
        if (current != null) {
            current.flush();
        }
    }

    private void roll() throws IOException {
        OutputStream out = current;
        if (out != null) {
            out.close();
            closed.add(currentFile);
            current = null;
            currentFile = null;
        }
    }

    /** Whether nothing is left to replay. */
    public boolean isEmpty() {
        return closed.isEmpty() && current == null;
    }

    /** The oldest segment, read whole (the one being written is closed first), or null when there is none. */
    public @Nullable Segment next() throws IOException {
        if (closed.isEmpty()) {
            roll();
        }
        Path p = closed.poll();
        if (p == null) {
            return null;
        }
        byte[] all = Files.readAllBytes(p);
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] == '\n') {
                if (i > start) {
                    lines.add(new String(all, start, i - start, StandardCharsets.UTF_8));
                }
                start = i + 1;
            }
        }
        Segment s = new Segment(p, all.length, lines);
        if (lines.isEmpty()) {
            delete(s);
        }
        return s;
    }

    /** One line of {@code segment} was delivered; the file goes once they all were. */
    public void delivered(Segment segment) throws IOException {
        if (--segment.undelivered == 0) {
            delete(segment);
        }
    }

    private void delete(Segment s) throws IOException {
        Files.deleteIfExists(s.file);
        totalBytes -= s.size;
    }

    @Override
    public void close() throws IOException {
        roll();
    }
}
