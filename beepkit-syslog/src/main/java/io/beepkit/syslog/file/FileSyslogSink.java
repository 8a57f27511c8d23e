package io.beepkit.syslog.file;

import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogEscapes;
import io.beepkit.syslog.SyslogJsonEncoder;
import io.beepkit.syslog.SyslogMessage;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A {@link SyslogConsumer} that appends each message to a file as one line: JSON ({@link SyslogJsonEncoder}) or the
 * text with control characters escaped ({@link SyslogEscapes#oneLine}), never raw. One writer thread takes the
 * messages queued by all sessions in batches, writes each batch with one call, and acknowledges its messages once
 * the batch is written and, with {@link FsyncPolicy#everyBatch()}, forced to the storage device
 * ({@link FsyncPolicy} states what each policy guarantees). A write that fails refuses the batch (ERR 451 on COOKED,
 * the session ended on RAW), so a full disk never acknowledges what it did not store.
 *
 * <p>Memory is bounded: at most {@link Builder#maxPending} messages wait for the writer; beyond, a message is
 * refused at once. The device's window already bounds what one session can have waiting.
 */
public final class FileSyslogSink implements SyslogConsumer, AutoCloseable {
    /** How each message becomes a line. */
    public enum Format {
        /** One JSON object per line ({@link SyslogJsonEncoder}). */
        JSON_LINES,
        /** The text as received, one line, control characters escaped ({@link SyslogEscapes#oneLine}). */
        TEXT
    }

    private final Format format;
    private final FileWriterLoop loop;
    private final Thread writer;
    private volatile boolean closed;

    private FileSyslogSink(Builder b) {
        this.format = b.format;
        BlockingQueue<FileWriterLoop.Pending> queue = new ArrayBlockingQueue<>(b.maxPending);
        this.loop = new FileWriterLoop(queue, new RotatingFile(b.path, b.rotateBytes, b.rotateInterval, b.keep),
                b.fsync, b.path);
        this.writer = new Thread(loop, "beep-syslog-file-" + b.path.getFileName());
        writer.setDaemon(true);
        writer.start();
    }

    /** A builder writing to {@code path} (created, with its directories, when missing; appended to otherwise). */
    public static Builder builder(Path path) {
        return new Builder(path);
    }

    @Override
    public CompletionStage<@Nullable Void> accept(SyslogMessage message) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("file sink closed"));
        }
        String line = format == Format.JSON_LINES ? SyslogJsonEncoder.encode(message)
                : SyslogEscapes.oneLine(message.text());
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        CompletableFuture<@Nullable Void> done = new CompletableFuture<>();
        FileWriterLoop.Pending pending = new FileWriterLoop.Pending(bytes, done);
        if (!loop.offer(pending)) {
            done.completeExceptionally(new IllegalStateException("file sink queue full: " + loop.capacity()
                    + " messages wait for the writer"));
        } else if (loop.exited() && loop.withdraw(pending)) {
            done.completeExceptionally(new IllegalStateException("file sink closed"));
        }
        return done;
    }

    /** Messages written and acknowledged so far. */
    public long written() {
        return loop.written();
    }

    /**
     * Stops taking messages, writes and forces those queued (for up to {@code timeout}), closes the file; messages
     * the writer could not finish in time are refused.
     */
    public void close(Duration timeout) {
        closed = true;
        loop.stop();
        try {
            writer.join(Math.max(1, timeout.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (writer.isAlive()) {
            writer.interrupt();
        }
    }

    /** {@link #close(Duration)} with 10 seconds. */
    @Override
    public void close() {
        close(Duration.ofSeconds(10));
    }

    /** Builds a {@link FileSyslogSink}. */
    public static final class Builder {
        private final Path path;
        private Format format = Format.JSON_LINES;
        private long rotateBytes;
        private @Nullable Duration rotateInterval;
        private int keep = 10;
        private FsyncPolicy fsync = FsyncPolicy.everyBatch();
        private int maxPending = 65_536;

        private Builder(Path path) {
            this.path = Objects.requireNonNull(path, "path");
        }

        /** JSON lines (the default) or escaped text. */
        public Builder format(Format format) {
            this.format = Objects.requireNonNull(format, "format");
            return this;
        }

        /** Rotate before a batch would take the file past {@code bytes}; 0 (the default) never rotates by size. */
        public Builder rotateSize(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("rotateSize must be 0 (never) or positive, was " + bytes);
            }
            this.rotateBytes = bytes;
            return this;
        }

        /** Rotate the first batch after the file has been open for {@code interval}; null (the default) never. */
        public Builder rotateInterval(@Nullable Duration interval) {
            if (interval != null && (interval.isZero() || interval.isNegative())) {
                throw new IllegalArgumentException("rotateInterval must be positive, was " + interval);
            }
            this.rotateInterval = interval;
            return this;
        }

        /** Rotated files kept ({@code name.1} the newest); default 10, 0 deletes the file at rotation. */
        public Builder keep(int files) {
            if (files < 0) {
                throw new IllegalArgumentException("keep must be 0 or more, was " + files);
            }
            this.keep = files;
            return this;
        }

        /** When written lines are forced to the device; default {@link FsyncPolicy#everyBatch()}. */
        public Builder fsync(FsyncPolicy policy) {
            this.fsync = Objects.requireNonNull(policy, "fsync");
            return this;
        }

        /** Messages that may wait for the writer before new ones are refused; default 65 536. */
        public Builder maxPending(int messages) {
            if (messages < 1) {
                throw new IllegalArgumentException("maxPending must be at least 1, was " + messages);
            }
            this.maxPending = messages;
            return this;
        }

        /** The sink, its writer thread started; the file is opened with the first batch. */
        public FileSyslogSink build() {
            return new FileSyslogSink(this);
        }
    }
}
