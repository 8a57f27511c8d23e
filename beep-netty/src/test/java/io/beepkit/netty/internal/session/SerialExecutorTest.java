package io.beepkit.netty.internal.session;

import io.beepkit.netty.internal.CallbackPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A session's serial executor: one task at a time, in submission order, yielding the pool after a batch. */
class SerialExecutorTest {
    private final CallbackPool pool = new CallbackPool("test-serial", 4, 60, TimeUnit.SECONDS);

    @AfterEach
    void shutDown() {
        pool.shutdownNow();
    }

    @Test
    @DisplayName("tasks from four threads at once run one at a time, each thread's in the order it submitted them")
    void serialAndInOrder() throws Exception {
        SerialExecutor serial = new SerialExecutor(pool);
        int producers = 4;
        int perProducer = 20_000;
        AtomicBoolean inside = new AtomicBoolean();
        AtomicInteger overlaps = new AtomicInteger();
        int[] last = new int[producers];
        List<String> disorder = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(producers * perProducer);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                for (int i = 1; i <= perProducer; i++) {
                    int n = i;
                    serial.execute(() -> {
                        if (!inside.compareAndSet(false, true)) {
                            overlaps.incrementAndGet();
                        }
                        if (last[producer] != n - 1) {
                            disorder.add("producer " + producer + ": " + n + " after " + last[producer]);
                        }
                        last[producer] = n;
                        inside.set(false);
                        done.countDown();
                    });
                }
            }));
        }
        threads.forEach(Thread::start);
        assertTrue(done.await(60, TimeUnit.SECONDS), "tasks left: " + done.getCount());
        assertEquals(0, overlaps.get(), "tasks ran concurrently");
        assertEquals(List.of(), disorder);
    }

    @Test
    @DisplayName("after a batch of tasks the executor yields its thread to another session's task queued meanwhile")
    void yieldsAfterABatch() throws Exception {
        CallbackPool single = new CallbackPool("test-single", 1, 60, TimeUnit.SECONDS);
        try {
            SerialExecutor busy = new SerialExecutor(single);
            SerialExecutor other = new SerialExecutor(single);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger busyRan = new AtomicInteger();
            AtomicInteger busyRanWhenOtherRan = new AtomicInteger(-1);
            CountDownLatch otherRan = new CountDownLatch(1);
            busy.execute(() -> await(release));
            for (int i = 0; i < 3 * SerialExecutor.BATCH; i++) {
                busy.execute(busyRan::incrementAndGet);
            }
            other.execute(() -> {
                busyRanWhenOtherRan.set(busyRan.get());
                otherRan.countDown();
            });
            release.countDown();
            assertTrue(otherRan.await(10, TimeUnit.SECONDS));
            assertTrue(busyRanWhenOtherRan.get() < 3 * SerialExecutor.BATCH,
                    "the other session's task waited for all " + busyRanWhenOtherRan.get() + " tasks");
        } finally {
            single.shutdownNow();
        }
    }

    @Test
    @DisplayName("a read burst's callbacks queued together cost one hand-over and run in their order")
    void batchHandedOverOnce() throws Exception {
        AtomicInteger handOvers = new AtomicInteger();
        Executor counting = task -> {
            handOvers.incrementAndGet();
            pool.execute(task);
        };
        SerialExecutor serial = new SerialExecutor(counting);
        int n = SerialExecutor.BATCH - 1;
        List<Integer> ran = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(n);
        List<Runnable> batch = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            batch.add(() -> {
                ran.add(k);
                done.countDown();
            });
        }
        serial.executeAll(batch);
        assertTrue(done.await(10, TimeUnit.SECONDS), "tasks left: " + done.getCount());
        assertEquals(1, handOvers.get());
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expected.add(i);
        }
        assertEquals(expected, ran);
    }

    @Test
    @DisplayName("an Error a task throws is reported and the tasks after it still run")
    void errorReportedAndDrainGoesOn() throws Exception {
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        SerialExecutor serial = new SerialExecutor(pool, reported::add);
        AssertionError boom = new AssertionError("boom");
        CountDownLatch after = new CountDownLatch(1);
        serial.execute(() -> {
            throw boom;
        });
        serial.execute(() -> {
            throw new IllegalStateException("only logged");
        });
        serial.execute(after::countDown);
        assertTrue(after.await(10, TimeUnit.SECONDS), "the task after the failing ones did not run");
        assertEquals(1, reported.size());
        assertSame(boom, reported.get(0));
    }

    @Test
    @DisplayName("a refused hand-over is thrown to the submitter; the task runs with the next accepted one")
    void refusedHandOver() throws Exception {
        AtomicBoolean refuse = new AtomicBoolean(true);
        Executor flaky = task -> {
            if (refuse.get()) {
                throw new RejectedExecutionException("refused for the test");
            }
            pool.execute(task);
        };
        SerialExecutor serial = new SerialExecutor(flaky);
        List<Integer> ran = new CopyOnWriteArrayList<>();
        assertThrows(RejectedExecutionException.class, () -> serial.execute(() -> ran.add(1)));
        refuse.set(false);
        CountDownLatch second = new CountDownLatch(1);
        serial.execute(() -> {
            ran.add(2);
            second.countDown();
        });
        assertTrue(second.await(10, TimeUnit.SECONDS), "the executor stopped after a refused hand-over");
        assertEquals(List.of(1, 2), ran);
    }

    @Test
    @DisplayName("an idle executor holds no queue before its first task, keeps a small one, lets a large burst's go")
    void queueMadeOnDemandAndLetGoAfterALargeBurst() throws Exception {
        SerialExecutor serial = new SerialExecutor(pool);
        assertFalse(serial.holdsQueue(), "a queue before any task");
        runAndWait(serial, 1);
        assertTrue(serial.holdsQueue(), "the small queue of a burst within the kept size is reused, not let go");
        CountDownLatch release = new CountDownLatch(1);
        serial.execute(() -> await(release));
        runAndWait(serial, SerialExecutor.KEPT + 1, release);
        assertFalse(serial.holdsQueue(), "the queue of a burst of " + (SerialExecutor.KEPT + 1) + " was kept");
        runAndWait(serial, 3);
        assertTrue(serial.holdsQueue());
    }

    /** Queues {@code n} tasks, counts {@code release} down (when given) and waits until all ran and the drain ended. */
    private static void runAndWait(SerialExecutor serial, int n, CountDownLatch... release) throws Exception {
        CountDownLatch done = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            serial.execute(done::countDown);
        }
        for (CountDownLatch r : release) {
            r.countDown();
        }
        assertTrue(done.await(10, TimeUnit.SECONDS), "tasks left: " + done.getCount());
        // The drain lets the queue go when it finds it empty, just after the last task: wait for that.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (serial.busy() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertFalse(serial.busy(), "the drain did not end");
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("latch not released within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
