package io.beepkit.core.sasl;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-address bound on failed authentications: a token bucket per host, refilled over the window. */
class FailureBoundTest {
    final AtomicLong now = new AtomicLong();
    final long window = TimeUnit.SECONDS.toNanos(60);
    final FailureBound bound = new FailureBound(3, window, now::get);
    final InetSocketAddress a1 = new InetSocketAddress("127.0.0.1", 1000);
    final InetSocketAddress a2 = new InetSocketAddress("127.0.0.1", 2000);
    final InetSocketAddress other = new InetSocketAddress("127.0.0.2", 1000);

    @Test
    void theThirdFailureExhaustsTheHostWhateverThePort() {
        assertFalse(bound.failed(a1));
        assertFalse(bound.failed(a2));
        assertFalse(bound.exhausted(a1));
        assertTrue(bound.failed(a1), "the failure that uses the last token is reported once");
        assertTrue(bound.exhausted(a2));
        assertFalse(bound.failed(a1), "already over: not reported again");
        assertFalse(bound.exhausted(other), "another host has its own allowance");
    }

    @Test
    void theAllowanceGrowsBackOverTheWindow() {
        for (int i = 0; i < 3; i++) {
            bound.failed(a1);
        }
        assertTrue(bound.exhausted(a1));
        now.addAndGet(window / 3 - 1_000_000);
        assertTrue(bound.exhausted(a1), "not quite one token back");
        now.addAndGet(2_000_000);
        assertFalse(bound.exhausted(a1), "one token back after a third of the window");
        assertTrue(bound.failed(a1));
    }

    @Test
    void zeroMeansNoBound() {
        FailureBound none = new FailureBound(0, window, now::get);
        for (int i = 0; i < 100; i++) {
            assertFalse(none.failed(a1));
        }
        assertFalse(none.exhausted(a1));
    }

    @Test
    void trackedAddressesAreBoundedAndRefilledOnesMakeRoom() throws Exception {
        for (int i = 0; i < FailureBound.MAX_ADDRESSES; i++) {
            bound.failed(new InetSocketAddress(java.net.InetAddress.getByAddress(new byte[]{10, 0,
                    (byte) (i >> 8), (byte) i}), 1));
        }
        for (int i = 0; i < 3; i++) {
            bound.failed(other);
        }
        assertFalse(bound.exhausted(other), "no room: a new address is not tracked while every slot is failing");
        now.addAndGet(window);
        for (int i = 0; i < 3; i++) {
            bound.failed(other);
        }
        assertTrue(bound.exhausted(other), "refilled buckets were dropped to make room");
    }
}
