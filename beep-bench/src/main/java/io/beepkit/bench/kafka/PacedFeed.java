package io.beepkit.bench.kafka;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One device's input: a named pipe that {@code beep syslog send -f PIPE} reads, written with numbered lines
 * ({@link SyslogDevice#line}) at a steady rate until an end time, then closed, which ends the device's input. The
 * device reads a line only when it can send it, so once the pipe's buffer (64 KiB on Linux) is full a write blocks
 * for as long as the device cannot send: {@link #longestBlockedMillis()} is the longest such write, and
 * {@link #longestBehindMillis()} how far the feed fell behind its schedule at worst (the blocked time plus the time
 * the pipe's buffer hid, until the device caught up).
 */
final class PacedFeed implements Runnable {
    private final Path pipe;
    private final int device;
    private final int size;
    private final double linesPerSecond;
    private final long endNanos;
    private volatile int written;
    private volatile long longestBlockedNanos;
    private volatile long longestBehindNanos;

    private PacedFeed(Path pipe, int device, int size, double linesPerSecond, long endNanos) {
        this.pipe = pipe;
        this.device = device;
        this.size = size;
        this.linesPerSecond = linesPerSecond;
        this.endNanos = endNanos;
    }

    /** Makes the named pipe {@code dir/device<d>.pipe} (mkfifo); {@link #run()} then writes it. */
    static PacedFeed create(Path dir, int device, int size, double linesPerSecond, long endNanos)
            throws IOException, InterruptedException {
        Path pipe = dir.resolve("device" + device + ".pipe");
        Process p = new ProcessBuilder("mkfifo", pipe.toString()).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IOException("mkfifo " + pipe + " exited " + p.exitValue());
        }
        return new PacedFeed(pipe, device, size, linesPerSecond, endNanos);
    }

    /** The pipe the device reads. */
    Path pipe() {
        return pipe;
    }

    /** Writes lines on schedule until the end time, then closes the pipe. Opening waits for the device to open it. */
    @Override
    public void run() {
        try (OutputStream out = new FileOutputStream(pipe.toFile())) {
            long t0 = System.nanoTime();
            double nanosPerLine = 1e9 / linesPerSecond;
            for (int i = 0; ; i++) {
                long due = t0 + (long) (i * nanosPerLine);
                if (due >= endNanos) {
                    return;
                }
                for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                }
                byte[] line = (SyslogDevice.line(device, i, size) + "\n").getBytes(StandardCharsets.US_ASCII);
                long start = System.nanoTime();
                out.write(line);
                long done = System.nanoTime();
                written = i + 1;
                longestBlockedNanos = Math.max(longestBlockedNanos, done - start);
                longestBehindNanos = Math.max(longestBehindNanos, done - due);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + pipe, e);
        }
    }

    /** Lines written so far: the device's lines are numbered 0 to this, exclusive. */
    int written() {
        return written;
    }

    long longestBlockedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(longestBlockedNanos);
    }

    long longestBehindMillis() {
        return TimeUnit.NANOSECONDS.toMillis(longestBehindNanos);
    }
}
