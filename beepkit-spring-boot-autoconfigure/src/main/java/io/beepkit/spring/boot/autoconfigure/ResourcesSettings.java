package io.beepkit.spring.boot.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * The threads every auto-configured listener and client shares ({@code beep.resources.*}), one to one with
 * {@code BeepResources.Builder}: unset values keep the library's defaults.
 */
public class ResourcesSettings {
    /**
     * Event-loop threads shared by the listener, every client and the syslog listener; unset for Netty's default
     * (twice the cores).
     */
    private @Nullable Integer ioThreads;
    /**
     * Whether native epoll is used where its library loads (needs netty-transport-native-epoll); unset for the
     * library's default (yes).
     */
    private @Nullable Boolean nativeTransport;
    /**
     * Whether application callbacks (profile handlers, reply listeners, future completions) run on the event loop
     * instead of the callback executor: saves two thread hops per exchange, but only for code that never blocks;
     * unset for the library's default (no).
     */
    private @Nullable Boolean directCallbacks;

    /** @return the I/O threads, or null for the library's default */
    public @Nullable Integer getIoThreads() {
        return ioThreads;
    }

    /** @param ioThreads the I/O threads, 0 for Netty's default */
    public void setIoThreads(@Nullable Integer ioThreads) {
        this.ioThreads = ioThreads;
    }

    /** @return whether to use native epoll, or null for the library's default */
    public @Nullable Boolean getNativeTransport() {
        return nativeTransport;
    }

    /** @param nativeTransport whether to use native epoll where it loads */
    public void setNativeTransport(@Nullable Boolean nativeTransport) {
        this.nativeTransport = nativeTransport;
    }

    /** @return whether callbacks run on the event loop, or null for the library's default */
    public @Nullable Boolean getDirectCallbacks() {
        return directCallbacks;
    }

    /** @param directCallbacks whether callbacks run on the event loop */
    public void setDirectCallbacks(@Nullable Boolean directCallbacks) {
        this.directCallbacks = directCallbacks;
    }
}
