package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepResources;
import org.jspecify.annotations.Nullable;

/**
 * {@code beep.resources.*}: one to one with {@link BeepResources.Builder}, the threads the listener, every client and
 * the syslog listener share. Each value left unset keeps the library's default.
 */
public class ResourcesProperties {
    /** Event-loop threads, 0 for Netty's default (twice the cores); unset for the library's default (0). */
    private @Nullable Integer ioThreads;
    /**
     * Whether native epoll is used where its library loads (needs io.netty:netty-transport-native-epoll with the
     * linux-x86_64 or linux-aarch_64 classifier; NIO otherwise); unset for the library's default (yes).
     */
    private @Nullable Boolean nativeTransport;
    /**
     * Whether application callbacks (profile handlers, reply listeners, future completions) run on the event loop
     * instead of the callback executor: saves two thread hops per exchange, but only for code that never blocks;
     * unset for the library's default (no).
     */
    private @Nullable Boolean directCallbacks;
    /**
     * Whether the futures of sends complete on the event loop, so a continuation attached to them runs there (one
     * thread hop less per exchange; a continuation must not block, and waiting on an incomplete reply future there
     * throws); unset for the library's default (yes).
     */
    private @Nullable Boolean replyFuturesOnEventLoop;

    /**
     * @return {@code builder} with these values
     * @throws IllegalArgumentException naming the property and the library's reason
     */
    BeepResources.Builder applyTo(BeepResources.Builder builder) {
        return LibrarySettings.build("beep.resources", builder, (map, b) -> {
            map.from(ioThreads).to(b::ioThreads);
            map.from(nativeTransport).to(b::nativeTransport);
            map.from(directCallbacks).to(b::directCallbacks);
            map.from(replyFuturesOnEventLoop).to(b::replyFuturesOnEventLoop);
        }, b -> b);
    }

    /** @return the I/O threads, null for the library's default */
    public @Nullable Integer getIoThreads() { return ioThreads; }
    /** @param v the I/O threads, 0 for Netty's default */
    public void setIoThreads(@Nullable Integer v) { ioThreads = v; }
    /** @return whether to use native epoll, null for the library's default */
    public @Nullable Boolean getNativeTransport() { return nativeTransport; }
    /** @param v whether to use native epoll where it loads */
    public void setNativeTransport(@Nullable Boolean v) { nativeTransport = v; }
    /** @return whether callbacks run on the event loop, null for the library's default */
    public @Nullable Boolean getDirectCallbacks() { return directCallbacks; }
    /** @param v whether callbacks run on the event loop */
    public void setDirectCallbacks(@Nullable Boolean v) { directCallbacks = v; }
    /** @return whether send futures complete on the event loop, null for the library's default */
    public @Nullable Boolean getReplyFuturesOnEventLoop() { return replyFuturesOnEventLoop; }
    /** @param v whether send futures complete on the event loop */
    public void setReplyFuturesOnEventLoop(@Nullable Boolean v) { replyFuturesOnEventLoop = v; }
}
