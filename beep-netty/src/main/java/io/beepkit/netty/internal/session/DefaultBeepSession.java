package io.beepkit.netty.internal.session;

import io.beepkit.netty.internal.PeerAddress;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.SessionClosedException;
import io.beepkit.api.SessionRole;
import io.beepkit.api.TransferStats;
import io.beepkit.netty.EffectiveSocketOptions;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.mgmt.ChannelManagement;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.core.sasl.SessionSecurity;
import io.beepkit.netty.internal.security.SessionTuning;
import io.netty.channel.Channel;

import java.net.SocketAddress;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The public face of one session. Public methods are thread-safe and hop onto the event loop; the protocol work is
 * done by the engine's pieces; channels and channel management reach them through the {@link SessionHost}.
 */
public final class DefaultBeepSession implements BeepSession {
    private final SessionContext ctx;
    private final ChannelTable table;
    private final ReceiveFlowController flow;
    private final OutboundScheduler scheduler;
    private final Consumer<BeepSession> onReady;
    private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();
    /** Completes just before {@link #closeFuture}, so the engine's own bookkeeping is done when applications hear. */
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    /** The registry told first when the session ends (a listener's, shared by its sessions), or null. */
    private volatile Consumer<? super DefaultBeepSession> registry;
    private ChannelManagement management;
    private volatile Channel channel;
    private volatile SessionClosedException closeCause;
    private volatile EffectiveSocketOptions socketOptions;
    private SessionTuning tuning;
    private final SessionHost host;

    DefaultBeepSession(SessionContext ctx, ChannelTable table, ReceiveFlowController flow,
                       OutboundScheduler scheduler, Consumer<BeepSession> onReady) {
        this.ctx = ctx;
        this.table = table;
        this.flow = flow;
        this.scheduler = scheduler;
        this.onReady = onReady;
        this.host = new SessionHost(ctx, table, flow, scheduler, this);
    }

    /** What channels and channel management talk to. */
    SessionHost host() {
        return host;
    }

    SessionTuning tuning() {
        return tuning;
    }

    /** The application may use the session: told once, after what the initiator does on connect. */
    void tellApplication() {
        ctx.callbacks().execute(() -> onReady.accept(this));
    }

    void management(ChannelManagement management) { this.management = management; }

    ChannelManagement management() { return management; }

    void tuning(SessionTuning tuning) { this.tuning = tuning; }

    Channel nettyChannel() { return channel; }

    void bind(Channel channel) { this.channel = channel; }

    void socketOptions(EffectiveSocketOptions options) { this.socketOptions = options; }

    /**
     * Why the session ended, or null while it is open: the same exception its pending operations failed with. Its
     * cause is the protocol violation or refusal that terminated the session, or null after an orderly close or a
     * plain disconnect. Set before {@link #closeFuture()} completes.
     */
    public SessionClosedException closeCause() {
        return closeCause;
    }

    /** The socket options read back from the kernel once connected, or null before. */
    public EffectiveSocketOptions socketOptions() {
        return socketOptions;
    }

    /** What the peer makes this session hold, against its memory budget (readable from any thread). */
    public SessionMemory memory() {
        return ctx.memory();
    }

    /** How many times the session flushed its socket (one per event-loop turn at most). */
    public long flushes() {
        return ctx.writer().flushes();
    }

    // ------------------------------------------------------------------ lifecycle, called by the handler

    /** Opens channel 0 and greets. */
    void start() {
        ChannelImpl zero = new ChannelImpl(host, 0, "channel-zero", null, null);
        table.add(zero);
        management.greet(zero);
    }

    /** The connection is gone: every channel closes and every pending operation fails with {@code cause}. */
    void shutdown(SessionClosedException cause) {
        ctx.markClosed();
        closeCause = cause;
        // The channels go a slice per turn, the first now; the session's end is told after the last one's onClose.
        ChannelDrop drop = ChannelDrop.start(table, cause, ctx);
        scheduler.clear();
        management.shutdown(cause);
        tuning.shutdown(cause);
        ctx.memory().detach();
        drop.then(() -> ctx.callbacks().execute(() -> {
            Consumer<? super DefaultBeepSession> r = registry;
            if (r != null) {
                r.accept(this);
            }
            ended.complete(null);
            closeFuture.complete(null);
        }));
    }

    // ------------------------------------------------------------------ BeepSession

    @Override
    public SessionRole role() {
        return ctx.role();
    }

    @Override
    public List<String> peerProfiles() {
        return management.peerProfiles();
    }

    @Override
    public String peerFeatures() {
        return management.peerFeatures();
    }

    @Override
    public String peerLocalize() {
        return management.peerLocalize();
    }

    @Override
    public String serverName() {
        return management.serverName();
    }

    @Override
    public CompletableFuture<BeepChannel> startChannel(String profileUri) {
        return startChannel(ChannelRequest.of(profileUri));
    }

    @Override
    public CompletableFuture<BeepChannel> startChannel(ChannelRequest request) {
        CompletableFuture<BeepChannel> f = new CompletableFuture<>();
        ctx.onLoop(() -> {
            if (ctx.closed()) {
                f.completeExceptionally(new SessionClosedException("session with " + remoteAddress() + " is closed"));
            } else {
                management.requestStart(request, f);
            }
        });
        return ctx.completeOnCallbacks(f);
    }

    @Override
    public Collection<BeepChannel> channels() {
        return table.openChannels();
    }

    @Override
    public CompletableFuture<Void> close() {
        CompletableFuture<Void> f = new CompletableFuture<>();
        ctx.onLoop(() -> {
            if (ctx.closed()) {
                f.complete(null);
            } else {
                management.requestRelease(f);
            }
        });
        return ctx.completeOnCallbacks(f);
    }

    @Override
    public void terminate() {
        Channel c = channel;
        if (c != null) {
            c.close();
        }
    }

    /**
     * For the engine (a server's or client's registry of sessions): completes when the session has ended, before
     * {@link #closeFuture()} does, so that an application that sees the session closed no longer finds it listed.
     */
    public CompletableFuture<Void> ended() {
        return ended;
    }

    /**
     * For the engine: {@code registry} is told when the session has ended, just before {@link #ended()} completes, so
     * a registry of many sessions needs no completion stage of its own on each. Set once, before the session starts.
     */
    public void onEnded(Consumer<? super DefaultBeepSession> registry) {
        this.registry = registry;
    }

    @Override
    public CompletableFuture<Void> closeFuture() {
        // A copy: completing or cancelling it must not make the engine (or a server's registry) take the session for
        // closed.
        return closeFuture.copy();
    }

    @Override
    public boolean isOpen() {
        Channel c = channel;
        return !ctx.closed() && c != null && c.isActive();
    }

    @Override
    public SocketAddress localAddress() {
        Channel c = channel;
        return c == null ? null : c.localAddress();
    }

    @Override
    public SocketAddress remoteAddress() {
        return PeerAddress.of(channel);
    }

    @Override
    public TransferStats stats() {
        return table.stats();
    }

    @Override
    public Optional<TlsSessionInfo> tls() {
        return tuning.security().tls();
    }

    @Override
    public Optional<SaslIdentity> identity() {
        return tuning.security().identity();
    }

    @Override
    public CompletableFuture<TlsSessionInfo> startTls() {
        if (ctx.closed()) {
            return CompletableFuture.failedFuture(new SessionClosedException("session with " + remoteAddress()
                    + " is closed"));
        }
        return ctx.completeOnCallbacks(tuning.startTls());
    }

    @Override
    public CompletableFuture<SaslIdentity> authenticate(SaslMechanism mechanism, SaslCredentials credentials) {
        return tuning.authenticate(mechanism, credentials);
    }

    /** The session's TLS and SASL state, kept across the TLS reset. */
    public SessionSecurity security() {
        return tuning.security();
    }

    @Override
    public String toString() {
        return "BeepSession[" + ctx.role() + " " + localAddress() + " <-> " + remoteAddress() + "]";
    }
}
