package io.beepkit.netty.internal;

import io.beepkit.netty.internal.session.SerialExecutor;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The callback pool: within its thread bound however many sessions have callbacks at once, the thread parked last
 * woken first, no task held back behind a blocked one while threads are idle, threads ended when idle or shut down.
 */
class CallbackPoolTest {

    @Test
    @DisplayName("5 000 sessions with callbacks at once use at most the pool's threads; every callback runs")
    void manySessionsStayWithinTheBound() throws Exception {
        CallbackPool pool = SharedResources.newPool(4);
        try {
            int sessions = 5_000;
            CountDownLatch done = new CountDownLatch(sessions * 3);
            AtomicInteger ran = new AtomicInteger();
            for (int i = 0; i < sessions; i++) {
                SerialExecutor perSession = new SerialExecutor(pool);
                for (int k = 0; k < 3; k++) {
                    perSession.execute(() -> {
                        ran.incrementAndGet();
                        done.countDown();
                    });
                }
            }
            assertTrue(done.await(30, TimeUnit.SECONDS), "callbacks ran: " + ran.get());
            assertEquals(sessions * 3, ran.get());
            assertTrue(pool.largestPoolSize() <= 4, "threads: " + pool.largestPoolSize());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @DisplayName("one task at a time runs on the thread that parked last, however many threads are idle")
    void lastParkedThreadTakesTheNextTask() throws Exception {
        CallbackPool pool = new CallbackPool("test-lifo", 4, 60, TimeUnit.SECONDS);
        try {
            // Two threads started by two tasks that wait for each other, then both idle.
            CountDownLatch both = new CountDownLatch(2);
            for (int i = 0; i < 2; i++) {
                pool.execute(() -> {
                    both.countDown();
                    await(both);
                });
            }
            awaitAllIdle(pool);
            Set<String> threads = ConcurrentHashMap.newKeySet();
            for (int i = 0; i < 20; i++) {
                CountDownLatch ran = new CountDownLatch(1);
                pool.execute(() -> {
                    threads.add(Thread.currentThread().getName());
                    ran.countDown();
                });
                assertTrue(ran.await(10, TimeUnit.SECONDS));
                awaitAllIdle(pool);
            }
            // A pool waking the longest-parked thread would cycle through all of them.
            assertTrue(pool.poolSize() >= 2, "threads: " + pool.poolSize());
            assertEquals(1, threads.size(), "threads used: " + threads);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @DisplayName("a task that blocks does not hold back the tasks queued behind it while threads are free")
    void blockedTaskHoldsBackNothing() throws Exception {
        CallbackPool pool = new CallbackPool("test-blocked", 4, 60, TimeUnit.SECONDS);
        try {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch others = new CountDownLatch(3);
            pool.execute(() -> await(release));
            for (int i = 0; i < 3; i++) {
                pool.execute(others::countDown);
            }
            assertTrue(others.await(10, TimeUnit.SECONDS), "tasks behind a blocked one waited");
            release.countDown();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @DisplayName("threads end after the keep-alive without work, and the pool starts them again when work comes")
    void idleThreadsEnd() throws Exception {
        CallbackPool pool = new CallbackPool("test-idle", 4, 100, TimeUnit.MILLISECONDS);
        try {
            CountDownLatch all = new CountDownLatch(4);
            for (int i = 0; i < 4; i++) {
                pool.execute(() -> {
                    all.countDown();
                    await(all);
                });
            }
            assertTrue(all.await(10, TimeUnit.SECONDS));
            assertEquals(4, pool.largestPoolSize());
            awaitPoolSize(pool, 0);
            CountDownLatch again = new CountDownLatch(1);
            pool.execute(again::countDown);
            assertTrue(again.await(10, TimeUnit.SECONDS), "no thread started after the others ended");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @DisplayName("shutdownNow ends every thread and refuses new tasks, naming the pool")
    void shutdownEndsThreads() throws Exception {
        CallbackPool pool = new CallbackPool("test-shutdown", 3, 60, TimeUnit.SECONDS);
        CountDownLatch ran = new CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            pool.execute(ran::countDown);
        }
        assertTrue(ran.await(10, TimeUnit.SECONDS));
        pool.shutdownNow();
        awaitPoolSize(pool, 0);
        RejectedExecutionException e = assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
        assertTrue(e.getMessage().startsWith("test-shutdown pool is shut down"), e.getMessage());
        assertFalse(Thread.getAllStackTraces().keySet().stream().anyMatch(
                t -> t.getName().startsWith("test-shutdown-") && t.isAlive()), "a pool thread is still alive");
    }

    @Test
    @DisplayName("a bad thread bound or duration is refused, naming the value")
    void badArguments() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CallbackPool("x", 0, 1, TimeUnit.SECONDS));
        assertEquals("maxThreads must be >= 1: 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new CallbackPool("x", 1, -5, TimeUnit.SECONDS));
        assertEquals("keepAlive must be >= 0: -5 SECONDS", e.getMessage());
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

    private static void awaitAllIdle(CallbackPool pool) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pool.idleThreads() != pool.poolSize()) {
            assertTrue(System.nanoTime() < end, "idle threads: " + pool.idleThreads() + " of " + pool.poolSize());
            Thread.sleep(1);
        }
    }

    private static void awaitPoolSize(CallbackPool pool, int threads) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pool.poolSize() != threads) {
            assertTrue(System.nanoTime() < end, "threads: " + pool.poolSize() + ", expected " + threads);
            Thread.sleep(5);
        }
    }

    @Test
    @DisplayName("the default bound is at least 16; a bad system property is refused, naming it")
    void threadCountFromProperty() {
        String saved = System.getProperty(SharedResources.THREADS_PROPERTY);
        try {
            System.clearProperty(SharedResources.THREADS_PROPERTY);
            assertTrue(SharedResources.callbackThreads() >= 16);
            System.setProperty(SharedResources.THREADS_PROPERTY, "7");
            assertEquals(7, SharedResources.callbackThreads());
            System.setProperty(SharedResources.THREADS_PROPERTY, "0");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, SharedResources::callbackThreads);
            assertEquals("io.beepkit.callbackThreads must be a number >= 1: '0'", e.getMessage());
        } finally {
            if (saved == null) {
                System.clearProperty(SharedResources.THREADS_PROPERTY);
            } else {
                System.setProperty(SharedResources.THREADS_PROPERTY, saved);
            }
        }
    }
}
