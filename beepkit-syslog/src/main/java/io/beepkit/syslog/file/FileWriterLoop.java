package io.beepkit.syslog.file;

import io.beepkit.core.LogText;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** The writer thread of a {@link FileSyslogSink}: batches, writes, forces as the policy says, acknowledges. */
final class FileWriterLoop implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(FileSyslogSink.class);
    private static final int MAX_BATCH = 4096;
    private static final long IDLE_POLL_MILLIS = 50;

    /** One message's line and its acknowledgement. */
    record Pending(byte[] line, CompletableFuture<@Nullable Void> done) {
    }

    private final BlockingQueue<Pending> queue;
    private final int capacity;
    private final RotatingFile file;
    private final FsyncPolicy fsync;
    private final Path path;
    private final AtomicLong written = new AtomicLong();
    private volatile boolean running = true;
    private volatile boolean exited;
    private final List<Pending> batch = new ArrayList<>();
    private final List<byte[]> lines = new ArrayList<>();
    private boolean dirty;
    private long lastForceNanos = System.nanoTime();
    private boolean failing;

    FileWriterLoop(BlockingQueue<Pending> queue, RotatingFile file, FsyncPolicy fsync, Path path) {
        this.queue = queue;
        this.capacity = queue.remainingCapacity();
        this.file = file;
        this.fsync = fsync;
        this.path = path;
    }

    boolean offer(Pending p) {
        return queue.offer(p);
    }

    int capacity() {
        return capacity;
    }

    long written() {
        return written.get();
    }

    void stop() {
        running = false;
    }

    /** True once the loop has ended and refuses what it finds queued. */
    boolean exited() {
        return exited;
    }

    /** Takes {@code p} back out of the queue if it is still there. */
    boolean withdraw(Pending p) {
        return queue.remove(p);
    }

    @Override
    public void run() {
        try {
            while (running || !queue.isEmpty()) {
                Pending first = queue.poll(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (first == null) {
                    forceIfDue();
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH - 1);
                writeBatch();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            // Drain, mark the loop gone, drain again: a message offered meanwhile is either drained here or seen by
            // its sender (FileSyslogSink.accept) after the mark, never left pending.
            refuseRemaining();
            exited = true;
            refuseRemaining();
            try {
                file.close();
            } catch (IOException e) {
                log.warn("syslog file {}: closing failed: {}", LogText.escape(path.toString()),
                        LogText.escape(e.toString()));
            }
        }
    }

    private void writeBatch() {
        try {
            lines.clear();
            for (Pending p : batch) {
                lines.add(p.line());
            }
            file.append(lines);
            dirty = true;
            if (fsync.forcesEveryBatch()) {
                force();
            } else {
                forceIfDue();
            }
            written.addAndGet(batch.size());
            for (Pending p : batch) {
                p.done().complete(null);
            }
            failing = false;
        } catch (IOException | RuntimeException e) {
            if (!failing) {
                log.warn("syslog file {}: writing failed, refusing messages until a write succeeds: {}",
                        LogText.escape(path.toString()), LogText.escape(e.toString()));
                failing = true;
            }
            for (Pending p : batch) {
                p.done().completeExceptionally(e);
            }
        } finally {
            batch.clear();
        }
    }

    private void forceIfDue() {
        if (!dirty || fsync.isNever() || fsync.forcesEveryBatch()) {
            return;
        }
        if (System.nanoTime() - lastForceNanos >= fsync.interval().toNanos()) {
            try {
                force();
            } catch (IOException e) {
                log.warn("syslog file {}: fsync failed: {}", LogText.escape(path.toString()),
                        LogText.escape(e.toString()));
            }
        }
    }

    private void force() throws IOException {
        file.force();
        dirty = false;
        lastForceNanos = System.nanoTime();
    }

    private void refuseRemaining() {
        List<Pending> left = new ArrayList<>();
        queue.drainTo(left);
        for (Pending p : left) {
            p.done().completeExceptionally(
                    new IllegalStateException("file sink closed before the message was written"));
        }
    }
}
