package io.beepkit.bench.baseline;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A closed-loop batch over a {@link Transport}: {@code inFlight} loops on each of {@code channels} channels, each
 * sending its next request when the previous answer arrives, until {@code total} requests are answered. Every answer
 * is checked (an echo must be as long as the request, an acknowledgement empty), so a broken transport fails the
 * benchmark instead of flattering it.
 */
final class Workload {
    private Workload() {
    }

    /** A request of {@code size} octets (at least 2) that BEEP reads as an empty MIME header and a zero body. */
    static byte[] payload(int size) {
        if (size < 2) {
            throw new IllegalArgumentException("payload size must be >= 2 octets (CRLF of the empty header): " + size);
        }
        byte[] p = new byte[size];
        p[0] = '\r';
        p[1] = '\n';
        return p;
    }

    static void run(Transport transport, int channels, int inFlight, int total, byte[] payload, boolean echo)
            throws Exception {
        int loops = Math.min(total, channels * inFlight);
        AtomicInteger issued = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(loops);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int i = 0; i < loops; i++) {
            next(transport, i % channels, payload, echo, total, issued, done, failure);
        }
        if (!done.await(60, TimeUnit.SECONDS)) {
            throw new TimeoutException("batch of " + total + " not answered within 60 s");
        }
        if (failure.get() != null) {
            throw new IllegalStateException("transport failed", failure.get());
        }
    }

    private static void next(Transport t, int channel, byte[] payload, boolean echo, int total, AtomicInteger issued,
                             CountDownLatch done, AtomicReference<Throwable> failure) {
        if (failure.get() != null || issued.getAndIncrement() >= total) {
            done.countDown();
            return;
        }
        t.call(channel, payload, echo).whenComplete((size, e) -> {
            int expected = echo ? payload.length : 0;
            if (e == null && size != expected) {
                e = new IllegalStateException("answer of " + size + " octets, expected " + expected);
            }
            if (e != null) {
                failure.compareAndSet(null, e);
                done.countDown();
                return;
            }
            next(t, channel, payload, echo, total, issued, done, failure);
        });
    }
}
