package io.beepkit.core;

/**
 * Knows whether the current thread is one that must not wait for beepkit's own work: an event loop beepkit created,
 * or a thread running a session's application callbacks. Waiting there for a session to close could wait for the
 * very thread that is waiting, so the blocking {@code close()} methods start the close and return at once instead.
 */
public final class LibraryThreads {
    private static final ThreadLocal<Boolean> MUST_NOT_BLOCK = ThreadLocal.withInitial(() -> Boolean.FALSE);

    private LibraryThreads() {
    }

    /** Marks the current thread, for its whole life, as an event loop (called first thing on each loop thread). */
    public static void markEventLoop() {
        MUST_NOT_BLOCK.set(Boolean.TRUE);
    }

    /** Runs {@code callbacks} with the current thread marked as running application callbacks. */
    public static void runCallbacks(Runnable callbacks) {
        if (MUST_NOT_BLOCK.get()) {
            callbacks.run();
            return;
        }
        MUST_NOT_BLOCK.set(Boolean.TRUE);
        try {
            callbacks.run();
        } finally {
            MUST_NOT_BLOCK.set(Boolean.FALSE);
        }
    }

    /** True on a beepkit event loop or inside a beepkit callback, where waiting for a close could deadlock. */
    public static boolean mustNotBlock() {
        return MUST_NOT_BLOCK.get();
    }
}
