package io.beepkit.netty.internal.channel;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MessageStream;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.SendOptions;
import io.beepkit.api.TransferStats;
import io.beepkit.core.channel.TransferCounters;
import io.beepkit.core.channel.ChannelLifecycle;
import io.beepkit.core.frame.FrameType;
import io.beepkit.netty.internal.codec.MimePayloads;
import io.netty.buffer.ByteBuf;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * One channel: the public {@link BeepChannel}, and the parts of its state each owned by one piece of the session
 * engine: its {@linkplain ChannelLifecycle lifecycle}, its {@linkplain OutboundQueue outbound queue} (the
 * scheduler), its {@linkplain ReceiveState receive state} (the receive-window controller), its
 * {@linkplain Exchanges exchanges} in progress (the dispatcher), and its {@linkplain CloseState close handshakes}
 * (channel management). Public methods may be called from any thread and hop onto the event loop.
 */
public final class ChannelImpl implements BeepChannel {
    private final ChannelHost host;
    private final int number;
    private final String profile;
    private final String peerInitData;
    private final ProfileHandler handler;
    private final ChannelLifecycle lifecycle = new ChannelLifecycle();
    private final OutboundQueue outbound = new OutboundQueue();
    private final ReceiveState receive = new ReceiveState();
    private final Exchanges exchanges;
    /** Made by the first close handshake, as {@link #wholeFrames} by the first whole-frame send or wait. */
    private CloseState close;
    private final TransferCounters counters = new TransferCounters();
    /** Made with the first frame counted: channel 0 never has one. */
    private MessageTally tally;
    private WholeFrames wholeFrames;
    /** Why the channel was given up after a missed deadline or a cancellation, or null (event loop only). */
    private ChannelClosedException givenUp;

    /**
     * @param handler the profile's handler, or null (channel 0, or a profile we started without one)
     */
    public ChannelImpl(ChannelHost host, int number, String profile, String peerInitData, ProfileHandler handler) {
        this.host = host;
        this.number = number;
        this.profile = profile;
        this.peerInitData = peerInitData;
        this.handler = handler;
        // Channel 0's msgno 0 belongs to the greeting exchange (RFC 3080 §2.4), so our requests there start at 1.
        this.exchanges = new Exchanges(number == 0 ? 1 : 0, host.config().limits().maxOutstanding());
    }

    @Override
    public int number() {
        return number;
    }

    @Override
    public String profile() {
        return profile;
    }

    @Override
    public Optional<String> peerInitData() {
        return Optional.ofNullable(peerInitData);
    }

    @Override
    public BeepSession session() {
        return host.session();
    }

    /** The profile's handler, or null. */
    public ProfileHandler handler() {
        return handler;
    }

    /** The session side this channel talks to. */
    public ChannelHost host() {
        return host;
    }

    /** The channel's lifecycle state machine. */
    public ChannelLifecycle lifecycle() {
        return lifecycle;
    }

    /** What waits to be sent, and the peer's window. */
    public OutboundQueue outbound() {
        return outbound;
    }

    /** Our receive window and credit state. */
    public ReceiveState receive() {
        return receive;
    }

    /** The exchanges in progress in both directions. */
    public Exchanges exchanges() {
        return exchanges;
    }

    /** The whole-frame checks, window waits and whole-frame answers. */
    public WholeFrames wholeFrames() {
        if (wholeFrames == null) {
            wholeFrames = new WholeFrames(number, outbound.window(), host.config().flow().maxFrameSize());
        }
        return wholeFrames;
    }

    /** Event loop: the peer's window opened; the whole-frame waits it now satisfies complete. */
    public void windowOpened() {
        if (wholeFrames != null) {
            wholeFrames.opened();
        }
    }

    /** The close handshakes. */
    public CloseState closeState() {
        if (close == null) {
            close = new CloseState();
        }
        return close;
    }

    @Override
    public boolean isOpen() {
        return lifecycle.isOpen();
    }

    @Override
    public CompletableFuture<Reply> send(MimeEntity message, SendOptions options) {
        ReplyFuture f = new ReplyFuture(this);
        sendTimed(message, new AggregatingSink(host.replies(), f, host.config().limits().maxMessageSize()),
                deadline(options), f::registered, false);
        return f;
    }

    @Override
    public CompletableFuture<Reply> sendInOneFrame(MimeEntity message) {
        ReplyFuture f = new ReplyFuture(this);
        sendTimed(message, new AggregatingSink(host.replies(), f, host.config().limits().maxMessageSize()),
                deadline(SendOptions.DEFAULT), f::registered, true);
        return f;
    }

    @Override
    public CompletableFuture<Void> whenWindowOpen(int octets) {
        CompletableFuture<Void> opened = WholeFrames.newWait(octets);
        host.onLoop(() -> wholeFrames().whenOpen(octets, opened, givenUp == null && !lifecycle.isClosed()));
        return opened;
    }

    @Override
    public CompletableFuture<Void> send(MimeEntity message, ReplyListener listener, SendOptions options) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        sendTimed(message, new ListenerSink(host.callbacks(), listener, f), deadline(options), p -> { }, false);
        return f;
    }

    /** The deadline of an exchange sent with {@code options}: theirs, else the session's default (null for none). */
    private Duration deadline(SendOptions options) {
        Duration own = options.deadline();
        return own != null ? own : host.config().defaultDeadline();
    }

    /**
     * Sends a MSG whose reply goes to {@code sink} within {@code deadline} (null for no limit); with {@code whole} it
     * leaves only as one whole frame.
     */
    private void sendTimed(MimeEntity message, ReplySink sink, Duration deadline, Consumer<PendingRequest> registered,
                           boolean whole) {
        ByteBuf payload = MimePayloads.encode(message);
        host.onLoop(() -> {
            if (refused(payload, sink) || whole && wholeFrames().refused(payload, sink)) {
                return;
            }
            PendingRequest p = sendMsg(payload, deadline == null ? sink : new DeadlineSink(sink), whole);
            if (p != null) {
                registered.accept(p);
                startDeadline(p, deadline);
            }
        });
    }

    /** Event loop: starts the timer of {@code p}'s deadline (none when null); its sink is then a DeadlineSink. */
    void startDeadline(PendingRequest p, Duration deadline) {
        if (deadline != null && p.sink() instanceof DeadlineSink timed) {
            timed.timer(host.after(deadline, () -> GiveUp.deadlineMissed(this, p, deadline)));
        }
    }

    /** Event loop: true (and the payload released, the sink failed) when the channel takes no new MSG. */
    private boolean refused(ByteBuf payload, ReplySink sink) {
        if (givenUp == null && lifecycle.acceptsNewMessages()) {
            return false;
        }
        payload.release();
        sink.fail(givenUp != null ? new ChannelClosedException(givenUp.getMessage() + "; it takes no new MSG", givenUp)
                : new ChannelClosedException("channel " + number + " is " + lifecycle.describe()
                        + ", it takes no new MSG"));
        return true;
    }

    /**
     * Event loop: queues a MSG, only as one whole frame when {@code whole}; fails the sink if too many are
     * outstanding. Ownership of {@code payload} passes. Returns the exchange, or null when it was refused.
     */
    public PendingRequest sendMsg(ByteBuf payload, ReplySink sink, boolean whole) {
        PendingRequest req;
        try {
            req = exchanges.expectReply(sink);
        } catch (IllegalStateException e) {
            payload.release();
            sink.fail(new BeepException("channel " + number + ": " + e.getMessage()));
            return null;
        }
        OutboundMessage out = new OutboundMessage(FrameType.MSG, req.msgno(), -1, payload);
        out.wholeFrame(whole);
        req.outbound(out);
        enqueue(out);
        return req;
    }

    /** Why the channel was given up (see {@link GiveUp}), or null while it was not. */
    ChannelClosedException givenUp() {
        return givenUp;
    }

    /** Records that the channel was given up, and why. */
    void givenUp(ChannelClosedException why) {
        givenUp = why;
    }

    @Override
    public MessageStream openMessage(MimeEntity headers, SendOptions options) {
        CompletableFuture<Reply> f = new CompletableFuture<>();
        return StreamWriter.open(this, headers, new AggregatingSink(host.callbacks(), f,
                host.config().limits().maxMessageSize()), f, deadline(options));
    }

    @Override
    public MessageStream openMessage(MimeEntity headers, ReplyListener listener, SendOptions options) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        CompletableFuture<Reply> f = done.thenApply(v -> (Reply) null);
        return StreamWriter.open(this, headers, new ListenerSink(host.callbacks(), listener, done), f,
                deadline(options));
    }

    /** Event loop: queues {@code m} for sending. */
    public void enqueue(OutboundMessage m) {
        outbound.add(m);
        host.schedule(this);
    }

    /** Event loop: moves produced replies to the outbound queue in MSG arrival order. */
    public void drainReplies() {
        if (exchanges.replies().drain(outbound)) {
            host.schedule(this);
        }
    }

    @Override
    public CompletableFuture<Void> close() {
        CompletableFuture<Void> f = new CompletableFuture<>();
        host.onLoop(() -> host.requestClose(this, f));
        return host.completeOnCallbacks(f);
    }

    @Override
    public int remoteWindow() {
        return outbound.window().peerWindow();
    }

    @Override
    public int availableWindow() {
        return outbound.window().available();
    }

    @Override
    public int effectiveTransferSize() {
        return Math.min(outbound.window().available(), host.config().flow().maxFrameSize());
    }

    @Override
    public int localWindow() {
        return receive.window().window();
    }

    @Override
    public TransferStats stats() {
        return counters.snapshot();
    }

    /** The live counters the engine writes. */
    public TransferCounters counters() {
        return counters;
    }

    /** Frames and octets of the messages in progress, for the observer (event loop; made on first use). */
    public MessageTally tally() {
        if (tally == null) {
            tally = new MessageTally();
        }
        return tally;
    }

    /** True when nothing of ours is queued or unanswered and every peer MSG is answered and sent. */
    public boolean quiet() {
        return outbound.isEmpty() && !exchanges.awaitingReplies() && exchanges.replies().isEmpty();
    }

    /** Event loop: marks the channel closed, releases every buffer and fails every pending operation. */
    public void destroy(Throwable cause) {
        lifecycle.closed();
        exchanges.destroy(cause);
        outbound.releaseAll();
        if (wholeFrames != null) {
            wholeFrames.destroy(cause);
        }
    }

    @Override
    public String toString() {
        return "channel " + number + " (" + profile + ")";
    }
}
