package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.internal.GreetingReceivedEvent;
import io.beepkit.netty.internal.ViolationLog;
import io.beepkit.netty.internal.channel.ChannelHost;
import io.beepkit.netty.internal.channel.ChannelImpl;
import io.beepkit.netty.internal.mgmt.ManagementHost;
import io.beepkit.netty.internal.security.SessionTuning;
import io.netty.channel.Channel;

import java.net.SocketAddress;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * What a session's channels and its channel management may ask of it: the engine's pieces behind two small
 * interfaces, so neither sees the session's internals and the public {@link DefaultBeepSession} stays the
 * application's face only. Event loop, except where a method says otherwise.
 */
final class SessionHost implements ChannelHost, ManagementHost {
    private final SessionContext ctx;
    private final ChannelTable table;
    private final ReceiveFlowController flow;
    private final OutboundScheduler scheduler;
    private final DefaultBeepSession facade;

    SessionHost(SessionContext ctx, ChannelTable table, ReceiveFlowController flow, OutboundScheduler scheduler,
                DefaultBeepSession facade) {
        this.ctx = ctx;
        this.table = table;
        this.flow = flow;
        this.scheduler = scheduler;
        this.facade = facade;
    }

    @Override
    public BeepSession session() {
        return facade;
    }

    @Override
    public SessionRole role() {
        return ctx.role();
    }

    @Override
    public SocketAddress remoteAddress() {
        return facade.remoteAddress();
    }

    @Override
    public SessionConfig config() {
        return ctx.config();
    }

    @Override
    public ProfileRegistry registry() {
        return ctx.registry();
    }

    @Override
    public void onLoop(Runnable task) {
        ctx.onLoop(task);
    }

    @Override
    public Runnable after(java.time.Duration delay, Runnable task) {
        java.util.concurrent.Future<?> f = ctx.schedule(task, delay.toNanos());
        return () -> f.cancel(false);
    }

    @Override
    public Executor callbacks() {
        return ctx.callbacks();
    }

    @Override
    public Executor replies() {
        return ctx.replies();
    }

    @Override
    public Executor callbacksFor(ProfileHandler handler) {
        return ctx.callbacksFor(handler);
    }

    @Override
    public <T> CompletableFuture<T> completeOnCallbacks(CompletableFuture<T> f) {
        return ctx.completeOnCallbacks(f);
    }

    @Override
    public void schedule(ChannelImpl ch) {
        scheduler.schedule(ch);
    }

    @Override
    public void replyProduced(ChannelImpl ch, int octets, boolean last) {
        flow.replyProduced(ch, octets, last);
    }

    @Override
    public void requestClose(ChannelImpl ch, CompletableFuture<Void> f) {
        facade.management().requestClose(ch, f);
    }

    @Override
    public boolean closed() {
        return ctx.closed();
    }

    @Override
    public ChannelImpl channel(int n) {
        return table.get(n);
    }

    @Override
    public Collection<ChannelImpl> allChannels() {
        return table.all();
    }

    @Override
    public int openCount() {
        return table.openCount();
    }

    @Override
    public ChannelImpl newChannel(int number, String profile, String initData, ProfileHandler handler) {
        ChannelImpl ch = new ChannelImpl(this, number, profile, initData, handler);
        table.add(ch);
        ctx.memory().add(ch, SessionMemory.PER_CHANNEL); // leaves with the channel's share when it closes
        Observation.channelOpened(ch);
        return ch;
    }

    @Override
    public void announceWindow(ChannelImpl ch, int fixedWindow) {
        flow.announceWindow(ch, fixedWindow);
    }

    @Override
    public void channelClosed(ChannelImpl ch) {
        Observation.channelClosed(ch);
        flow.channelClosed(ch);
        table.remove(ch);
        scheduler.remove(ch);
        ch.destroy(new ChannelClosedException("channel " + ch.number() + " closed"));
        if (ch.handler() != null) {
            ctx.callbacksFor(ch.handler()).execute(() -> ch.handler().onClose(ch));
        }
    }

    @Override
    public void ready() {
        Channel c = facade.nettyChannel();
        if (c != null) {
            c.pipeline().fireUserEventTriggered(GreetingReceivedEvent.INSTANCE); // the greeting guard stands down
        }
        facade.tuning().greetingReceived();
    }

    @Override
    public ViolationLog violations() {
        return ctx.violations();
    }

    @Override
    public void requestHandled() {
        ctx.turn().requestHandled();
    }

    @Override
    public SessionTuning tuning() {
        return facade.tuning();
    }

    @Override
    public void terminate(BeepException e) {
        ctx.terminate(e);
    }

    @Override
    public void closeConnection() {
        facade.terminate();
    }

    @Override
    public void closeAfterFlush() {
        ctx.writer().closeAfterFlush();
    }
}
