package io.beepkit.netty.internal.pipeline;

import io.beepkit.netty.internal.PeerAddress;
import io.beepkit.netty.internal.ViolationLog;
import io.beepkit.core.LogText;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.haproxy.HAProxyCommand;
import io.netty.handler.codec.haproxy.HAProxyMessage;
import io.netty.handler.codec.haproxy.HAProxyMessageDecoder;
import io.netty.handler.codec.haproxy.HAProxyProxiedProtocol;
import io.netty.util.NetUtil;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Reads the PROXY protocol header (version 1 or 2) a balancer sends before a connection's first BEEP octet: installs
 * Netty's {@link HAProxyMessageDecoder} first in the pipeline and itself behind it, records the client's address
 * from a PROXY command as the connection's {@link PeerAddress} (a LOCAL command, a balancer's own health check, keeps
 * the socket's address), then removes both and hands the channel on to set up the session, which sees the octets
 * that followed the header. A connection whose header is invalid, or not complete within the timeout, is closed
 * with one log line (rate-limited through the listener's {@link ViolationLog}); the decoder bounds the header's size
 * (108 octets for version 1, the 16-bit length of version 2).
 */
public final class ProxyHeaderHandler extends ChannelInboundHandlerAdapter {
    /** The decoder's name in the pipeline. */
    public static final String DECODER_NAME = "beep-proxy-decoder";
    /** This handler's name in the pipeline. */
    public static final String NAME = "beep-proxy-header";

    private static final Logger log = LoggerFactory.getLogger(ProxyHeaderHandler.class);

    private final Duration timeout;
    private final ViolationLog violations;
    private final Consumer<Channel> onHeader;
    private @Nullable ScheduledFuture<?> timer;
    private @Nullable SocketAddress socketAddress;
    private boolean done;

    /**
     * @param timeout    how long the balancer has to deliver its header, counted from when the channel is set up
     * @param violations where closes are logged (rate-limited per kind)
     * @param onHeader   sets up the rest of the pipeline once the header is read, on the event loop; the octets after
     *                   the header are delivered to what it adds
     */
    public ProxyHeaderHandler(Duration timeout, ViolationLog violations, Consumer<Channel> onHeader) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("PROXY header timeout must be positive: " + timeout);
        }
        this.timeout = timeout;
        this.violations = violations;
        this.onHeader = onHeader;
    }

    /** Installs the decoder and this handler at the front of {@code pipeline}. */
    public void install(ChannelPipeline pipeline) {
        pipeline.addFirst(NAME, this);
        pipeline.addFirst(DECODER_NAME, new HAProxyMessageDecoder());
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        socketAddress = ctx.channel().remoteAddress(); // for the log line, even once the decoder has closed
        timer = ctx.executor().schedule(() -> onTimeout(ctx), timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancel();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof HAProxyMessage header) || done) {
            ReferenceCountUtil.release(msg); // nothing but the header reaches here before the session is set up
            return;
        }
        try {
            done = true;
            cancel();
            Channel ch = ctx.channel();
            InetSocketAddress client = clientAddress(header);
            if (client != null) {
                PeerAddress.proxied(ch, client);
            }
            log.debug("PROXY header on {}: {} {}, peer {}", ch, header.protocolVersion(), header.command(),
                    PeerAddress.of(ch));
        } finally {
            header.release();
        }
        if (ctx.channel().isActive()) {
            onHeader.accept(ctx.channel());
        }
        // The decoder removes itself once this read returns, handing the octets after the header on to the handlers
        // onHeader added behind this one.
        ctx.pipeline().remove(this);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!done) { // the decoder may have closed the channel already
            Throwable why = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
            violations.warn(log, "PROXY header", "closing connection from {}: no valid PROXY protocol header: {}",
                    socketAddress, LogText.escape(String.valueOf(why.getMessage())));
        }
        ctx.close();
    }

    /**
     * The client's address for a PROXY command over TCP or UDP on IPv4 or IPv6; null for LOCAL and for an unknown or
     * UNIX-socket source, which keep the socket's address.
     */
    static @Nullable InetSocketAddress clientAddress(HAProxyMessage header) {
        if (header.command() != HAProxyCommand.PROXY || header.sourceAddress() == null) {
            return null;
        }
        HAProxyProxiedProtocol.AddressFamily family = header.proxiedProtocol().addressFamily();
        if (family != HAProxyProxiedProtocol.AddressFamily.AF_IPv4
                && family != HAProxyProxiedProtocol.AddressFamily.AF_IPv6) {
            return null;
        }
        // The decoder checked the literal; parsing it never resolves a name.
        InetAddress address = NetUtil.createInetAddressFromIpAddressString(header.sourceAddress());
        return address == null ? null : new InetSocketAddress(address, header.sourcePort());
    }

    private void onTimeout(ChannelHandlerContext ctx) {
        if (done || !ctx.channel().isActive()) {
            return;
        }
        violations.warn(log, "PROXY header timeout",
                "closing connection from {}: no PROXY protocol header within {} ms", socketAddress,
                timeout.toMillis());
        ctx.close();
    }

    private void cancel() {
        ScheduledFuture<?> t = timer;
        if (t != null) {
            t.cancel(false);
            timer = null;
        }
    }
}
