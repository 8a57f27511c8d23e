package io.beepkit.netty.internal;

import io.beepkit.core.LibraryThreads;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import org.jspecify.annotations.Nullable;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;

import java.nio.channels.spi.SelectorProvider;

/**
 * The I/O transport: native epoll where available and wanted (detected at run time, so the jar works everywhere),
 * NIO otherwise.
 */
public final class Transport {
    private final boolean epoll;

    private Transport(boolean epoll) {
        this.epoll = epoll;
    }

    /** Epoll if {@code preferNative} and the native library loads; NIO otherwise. */
    public static Transport select(boolean preferNative) {
        return new Transport(preferNative && EpollProbe.available());
    }

    public boolean isEpoll() {
        return epoll;
    }

    public String name() {
        return epoll ? "epoll" : "nio";
    }

    /** A group of {@code threads} daemon event loops (0 for Netty's default) named {@code name-N-M}. */
    public EventLoopGroup newGroup(int threads, String name) {
        long spinNanos = HandOffSpin.budgetNanos();
        IoHandlerFactory f = epoll ? EpollIoHandler.newFactory(0, HandOffSpin.strategy())
                : NioIoHandler.newFactory(SelectorProvider.provider(), HandOffSpin.strategy());
        return new MultiThreadIoEventLoopGroup(threads, new LoopThreadFactory(name, spinNanos), f);
    }

    /** True on a thread of any of {@code groups} (absent ones are skipped). */
    public static boolean inLoopOfAny(@Nullable EventLoopGroup... groups) {
        for (EventLoopGroup g : groups) {
            if (g != null && inLoopOf(g)) {
                return true;
            }
        }
        return false;
    }

    /** True when the current thread is one of {@code group}'s event loops. */
    public static boolean inLoopOf(EventLoopGroup group) {
        for (EventExecutor e : group) {
            if (e.inEventLoop()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Marks each loop thread, so that a blocking close() called on it does not wait (see LibraryThreads), and gives it
     * its {@link HandOffSpin} state.
     */
    private static final class LoopThreadFactory extends DefaultThreadFactory {
        private final long spinNanos;

        LoopThreadFactory(String name, long spinNanos) {
            super(name, true);
            this.spinNanos = spinNanos;
        }

        @Override
        protected Thread newThread(Runnable r, String name) {
            return new HandOffSpin.LoopThread(threadGroup, () -> {
                LibraryThreads.markEventLoop();
                r.run();
            }, name, spinNanos);
        }
    }

    public Class<? extends SocketChannel> socketChannel() {
        return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    public Class<? extends ServerChannel> serverChannel() {
        return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /** Isolates the epoll classes so a missing native jar only means "not available". */
    private static final class EpollProbe {
        static boolean available() {
            try {
                return Epoll.isAvailable();
            } catch (Throwable t) {
                return false;
            }
        }
    }
}
