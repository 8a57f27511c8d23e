package io.beepkit.syslog.file;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;

/**
 * The file a {@link FileSyslogSink} appends to, rotated logrotate-style: {@code name} becomes {@code name.1},
 * {@code name.1} becomes {@code name.2} and so on, the oldest beyond {@code keep} deleted. Used by the sink's writer
 * thread only.
 */
final class RotatingFile implements AutoCloseable {
    private final Path path;
    private final long maxBytes;
    private final @Nullable Duration maxAge;
    private final int keep;
    private @Nullable FileChannel channel;
    private long size;
    private long openedNanos;
    private ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);

    /**
     * @param maxBytes rotate before a write would take the file past this size; 0 for never
     * @param maxAge   rotate the first write after the file has been open this long; null for never
     * @param keep     rotated files kept
     */
    RotatingFile(Path path, long maxBytes, @Nullable Duration maxAge, int keep) {
        this.path = path;
        this.maxBytes = maxBytes;
        this.maxAge = maxAge;
        this.keep = keep;
    }

    /**
     * Appends {@code lines} with as few writes as rotation allows: a line that would take the file past the size
     * starts a new file (so a file passes the size only by a single line longer than it), and the first line after
     * the file's age is reached does too.
     */
    void append(List<byte[]> lines) throws IOException {
        if (channel != null && maxAge != null && System.nanoTime() - openedNanos >= maxAge.toNanos()) {
            rotate();
        }
        if (channel == null) {
            open();
        }
        buffer.clear();
        for (byte[] line : lines) {
            long filled = size + buffer.position();
            if (maxBytes > 0 && filled > 0 && filled + line.length > maxBytes) {
                flush();
                rotate();
                open();
            }
            if (buffer.remaining() < line.length) {
                flush();
                if (buffer.capacity() < line.length) {
                    buffer = ByteBuffer.allocate(line.length);
                }
            }
            buffer.put(line);
        }
        flush();
    }

    private void flush() throws IOException {
        buffer.flip();
        FileChannel ch = channel;
        while (buffer.hasRemaining()) {
            size += ch.write(buffer);
        }
        buffer.clear();
    }

    /** Forces what was written to the storage device. */
    void force() throws IOException {
        if (channel != null) {
            channel.force(false);
        }
    }

    private FileChannel open() throws IOException {
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        boolean torn = endsTorn(path);
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        if (torn) {
            ch.write(ByteBuffer.wrap(new byte[] {'\n'}));
        }
        size = ch.size();
        openedNanos = System.nanoTime();
        channel = ch;
        return ch;
    }

    /**
     * A process killed in the middle of a write leaves a line without its newline; the next line appended would join
     * it and be lost to a reader that takes one message per line. End such a line first: it was never acknowledged.
     */
    private static boolean endsTorn(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            return false;
        }
        try (FileChannel in = FileChannel.open(path, StandardOpenOption.READ)) {
            long end = in.size();
            if (end == 0) {
                return false;
            }
            ByteBuffer last = ByteBuffer.allocate(1);
            in.read(last, end - 1);
            return last.get(0) != '\n';
        }
    }

    /** Closes the current file (forced) and shifts the names; the next append opens a new one. */
    void rotate() throws IOException {
        FileChannel ch = channel;
        channel = null;
        if (ch != null) {
            try (ch) {
                ch.force(false);
            }
        }
        Files.deleteIfExists(numbered(keep));
        for (int i = keep - 1; i >= 1; i--) {
            Path from = numbered(i);
            if (Files.exists(from)) {
                Files.move(from, numbered(i + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (keep > 0 && Files.exists(path)) {
            Files.move(path, numbered(1), StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.deleteIfExists(path);
        }
    }

    private Path numbered(int n) {
        return path.resolveSibling(path.getFileName() + "." + n);
    }

    @Override
    public void close() throws IOException {
        FileChannel ch = channel;
        channel = null;
        if (ch != null) {
            try (ch) {
                ch.force(false);
            }
        }
    }
}
