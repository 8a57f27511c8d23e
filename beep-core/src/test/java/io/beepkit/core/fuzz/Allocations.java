package io.beepkit.core.fuzz;

import java.lang.management.ManagementFactory;

/**
 * Measures the heap a piece of parsing allocates on the current thread, to check that a peer cannot make a parser
 * allocate more than a constant plus a small multiple of the octets it sent.
 */
public final class Allocations {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private Allocations() {
    }

    /** Something to measure that may throw. */
    @FunctionalInterface
    public interface Work {
        /** Runs the work. */
        void run() throws Exception;
    }

    /**
     * Runs {@code work} twice, and fails if the second run allocated more than {@code fixed + perOctet * octets}
     * bytes; the first run loads and initialises classes, which is not the input's doing. Exceptions of the second
     * run propagate after the check.
     */
    public static void assertBounded(int octets, long fixed, long perOctet, Work work) throws Exception {
        try {
            work.run();
        } catch (Exception | AssertionError warmUp) {
            // the measured run below reports it
        }
        long id = Thread.currentThread().getId();
        long before = THREADS.getThreadAllocatedBytes(id);
        Exception failure = null;
        try {
            work.run();
        } catch (Exception e) {
            failure = e;
        }
        long allocated = THREADS.getThreadAllocatedBytes(id) - before;
        long bound = fixed + perOctet * octets;
        if (allocated > bound) {
            throw new AssertionError("allocated " + allocated + " bytes for " + octets + " input octets (bound "
                    + bound + ")", failure);
        }
        if (failure != null) {
            throw failure;
        }
    }
}
