package io.beepkit.netty.internal;

import io.beepkit.netty.internal.session.SerialExecutor;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The callback pool stays within its thread bound however many sessions have callbacks at once. */
class CallbackPoolTest {

    @Test
    @DisplayName("5 000 sessions with callbacks at once use at most the pool's threads; every callback runs")
    void manySessionsStayWithinTheBound() throws Exception {
        ThreadPoolExecutor pool = SharedResources.newPool(4);
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
            assertTrue(pool.getLargestPoolSize() <= 4, "threads: " + pool.getLargestPoolSize());
        } finally {
            pool.shutdownNow();
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
