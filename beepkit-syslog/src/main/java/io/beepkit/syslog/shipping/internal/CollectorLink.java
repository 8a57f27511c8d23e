package io.beepkit.syslog.shipping.internal;

import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.ManagedSession;
import io.beepkit.netty.SessionConfig;
import io.beepkit.syslog.SyslogIdentity;
import io.beepkit.syslog.SyslogSender;
import io.beepkit.syslog.SyslogTransport;
import org.jspecify.annotations.Nullable;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The shipper's way to a collector: a {@link ManagedSession} (connects, and reconnects with the policy's backoff
 * after a loss) and, on each of its sessions, one RAW or COOKED {@link SyslogSender}. With several collectors it
 * moves to the next when the current one gave no session for {@code failoverAfter}. Used only by the shipper's
 * thread, which may block in it (never on an event loop).
 */
final class CollectorLink implements AutoCloseable {
    private final ShipperSettings settings;
    private final Reporter reporter;
    private final BeepClient client;
    private int index;
    private ManagedSession managed;
    private long waitingSince = System.nanoTime();
    private @Nullable SyslogSender sender;
    private @Nullable BeepSession senderSession;
    private @Nullable BeepSession lostSession;

    CollectorLink(ShipperSettings settings, Reporter reporter) {
        this.settings = settings;
        this.reporter = reporter;
        SessionConfig config = settings.config();
        this.client = BeepClient.builder().security(settings.security()).session(config.toBuilder()
                .socket(config.socket().toBuilder().connectTimeout(settings.connectTimeout()).build()).build()).build();
        this.managed = open(0);
    }

    private ManagedSession open(int i) {
        index = i;
        ShipperSettings.Address a = settings.collectors().get(i);
        return client.managedSession(a.host(), a.port()).policy(settings.reconnect()).start();
    }

    String collector() {
        return settings.collectors().get(index).toString();
    }

    /** The sender on a live session, waiting up to {@code waitNanos} for one; null when there is none yet. */
    @Nullable SyslogSender sender(long waitNanos) throws InterruptedException {
        SyslogSender s = sender;
        BeepSession session = senderSession;
        if (s != null && session != null && session.isOpen() && s.channel().isOpen()) {
            return s;
        }
        sender = null;
        try {
            session = managed.whenConnected().get(Math.max(1, waitNanos), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            failOverIfDue();
            return null;
        }
        if (session == lostSession || !session.isOpen()) {
            Thread.sleep(10); // the managed session has not noticed the loss yet
            return null;
        }
        try {
            sender = start(session).get(settings.connectTimeout().toNanos(), TimeUnit.NANOSECONDS);
            if (session != senderSession) { // not a new RAW channel on the same session
                reporter.connected(collector());
            }
            senderSession = session;
            waitingSince = System.nanoTime();
            return sender;
        } catch (ExecutionException | TimeoutException e) {
            lost(e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e, session);
            return null;
        }
    }

    private CompletableFuture<SyslogSender> start(BeepSession session) {
        if (settings.transport() == SyslogTransport.RAW) {
            return SyslogSender.raw(session);
        }
        return SyslogSender.cooked(session, new SyslogIdentity(settings.hostname(), ip(session.localAddress()),
                "device"), settings.inFlight());
    }

    private static String ip(SocketAddress a) {
        return a instanceof InetSocketAddress i && i.getAddress() != null ? i.getAddress().getHostAddress() : "0.0.0.0";
    }

    private void failOverIfDue() {
        if (settings.collectors().size() > 1
                && System.nanoTime() - waitingSince > settings.failoverAfter().toNanos()) {
            managed.closeAsync();
            managed = open((index + 1) % settings.collectors().size());
            waitingSince = System.nanoTime();
        }
    }

    /** Whether the collector is out of reach: no session, and the last connection attempt failed. */
    boolean failing() {
        return managed.state() != ManagedSession.State.CONNECTED && managed.lastFailure().isPresent();
    }

    /** The current sender's session failed: end it, so that the managed session connects again. */
    void lost(Throwable cause) {
        BeepSession s = senderSession;
        if (s != null) {
            lost(cause, s);
        }
    }

    private void lost(Throwable cause, BeepSession session) {
        if (sender != null || session == senderSession) {
            reporter.disconnected(collector(), cause);
        }
        sender = null;
        senderSession = null;
        lostSession = session;
        waitingSince = System.nanoTime();
        session.terminate();
    }

    /** RAW: ends the channel cleanly (NUL, close) and forgets the sender; the next call starts a new channel. */
    CompletableFuture<@Nullable Void> finishRaw() {
        SyslogSender s = sender;
        sender = null;
        return s == null ? CompletableFuture.completedFuture(null) : s.finish();
    }

    @Override
    public void close() {
        managed.close();
        client.close();
    }
}
