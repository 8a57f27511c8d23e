package io.beepkit.cli;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.syslog.SyslogIdentity;
import io.beepkit.syslog.SyslogSender;
import org.jspecify.annotations.Nullable;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * One session of {@code beep syslog send} with the collector (a {@link CollectorSession} keeps one up): sends lines
 * from a {@link SyslogBacklog} until the input ends, and knows which of them the collector has not acknowledged yet,
 * so that after a failure they can be sent again on the next session ({@link #abandon}).
 *
 * <p>COOKED: a line is acknowledged by its {@code <ok />}; at most the link's in-flight count (by default
 * {@value #COOKED_IN_FLIGHT}, {@code --in-flight}) wait for theirs. RAW has
 * no acknowledgement per line: a line is acknowledged once the channel that carried it ended cleanly, NUL sent and
 * the collector's reply to the channel close received. To bound what waits for that, the link ends its RAW channel
 * and starts a new one every {@value #RAW_CHECKPOINT_LINES} lines or {@value #RAW_CHECKPOINT_OCTETS} octets.
 */
final class SyslogLink {
    /**
     * COOKED entries sent before waiting for the oldest acknowledgement, unless {@code --in-flight} says otherwise: as
     * many as a beepkit collector keeps unanswered per channel by default ({@code SyslogLimits.maxPendingEntries}).
     */
    static final int COOKED_IN_FLIGHT = 1024;
    /** The most {@code --in-flight} accepts; each entry in flight may have to be sent again after a crash. */
    static final int MAX_COOKED_IN_FLIGHT = 4096;
    /** RAW lines queued in the sender for the collector's window; what is queued may leave batched in one answer. */
    static final int RAW_QUEUED = 1024;
    /** RAW lines after which the channel is ended and started again, acknowledging them. */
    static final int RAW_CHECKPOINT_LINES = 10_000;
    /** RAW octets after which the channel is ended and started again. */
    static final long RAW_CHECKPOINT_OCTETS = 4L << 20;

    private final BeepSession session;
    private final Target target;
    private final boolean raw;
    private final Duration timeout;
    private final int inFlight;
    private SyslogSender sender;
    /** Lines sent on this session and not yet acknowledged, oldest first, with what their send returned. */
    private final ArrayDeque<Flight> unacked = new ArrayDeque<>();

    private record Flight(SyslogBacklog.Line line, CompletableFuture<Void> sent) {
    }

    private SyslogLink(BeepSession session, Target target, boolean raw, Duration timeout, int inFlight,
                       SyslogSender sender) {
        this.session = session;
        this.target = target;
        this.raw = raw;
        this.timeout = timeout;
        this.inFlight = inFlight;
        this.sender = sender;
    }

    /**
     * Starts the channel on {@code session}, a session with {@code target}; any failure is a {@link CliException}, and
     * ends the session. COOKED keeps at most {@code inFlight} entries unacknowledged, with a receive window sized for
     * their replies when {@code roomForAll} (towards a collector offering the RFC 3195 URIs only: liblogging's keeps
     * the RFC's 4096 octets, which announce no SEQ, and holds the replies to 46 entries, the rest waiting in the sender
     * for their room).
     */
    static SyslogLink on(BeepSession session, Target target, boolean raw, @Nullable String iam, Duration timeout,
                         int inFlight, boolean roomForAll) {
        if (!session.isOpen()) {
            throw new CliException(ExitCodes.PEER_ERROR, "lost the session with " + target + " as it came up");
        }
        try {
            SyslogIdentity identity = iam == null ? null : new SyslogIdentity(iam,
                    ((InetSocketAddress) session.localAddress()).getAddress().getHostAddress(), "device");
            return new SyslogLink(session, target, raw, timeout, inFlight, start(session, raw, identity, timeout,
                    roomForAll ? inFlight : 0));
        } catch (RuntimeException e) {
            session.terminate();
            throw e;
        }
    }

    /** @param replyRoom COOKED: the entries whose replies the receive window makes room for, 0 for the RFC's 4096 */
    private static SyslogSender start(BeepSession session, boolean raw, @Nullable SyslogIdentity identity,
                                      Duration timeout, int replyRoom) {
        String uri = raw ? "RFC 3195 RAW" : "RFC 3195 COOKED";
        CompletableFuture<SyslogSender> started = raw ? SyslogSender.raw(session) : replyRoom > 0
                ? SyslogSender.cooked(session, identity, replyRoom) : SyslogSender.cooked(session, identity);
        return Failures.await(started, timeout, "starting " + uri, t -> Failures.start(session, uri, t));
    }

    /**
     * Sends every line {@code backlog} has, then ends the channel (the {@link CollectorSession} releases the session).
     * Throws {@link CliException} on a failure; the lines not acknowledged then are the ones {@link #abandon} hands
     * back.
     */
    void run(SyslogBacklog backlog) {
        if (raw) {
            runRaw(backlog);
        } else {
            runCooked(backlog);
        }
    }

    private void runCooked(SyslogBacklog backlog) {
        for (SyslogBacklog.Line l = backlog.next(); l != null; l = backlog.next()) {
            unacked.add(new Flight(l.offeredNow(), send(l.text())));
            while (unacked.size() >= inFlight) {
                await(unacked.peek().sent(), "waiting for the collector's <ok />");
                unacked.poll();
                backlog.acknowledged(1);
            }
        }
        while (!unacked.isEmpty()) {
            await(unacked.peek().sent(), "waiting for the collector's <ok />");
            unacked.poll();
            backlog.acknowledged(1);
        }
        try {
            await(sender.finish(), "closing the channel");
        } catch (CliException e) {
            // Every entry has its own <ok />: the close only tidies up, and a session the collector ended first (one
            // that stops after N messages releases it) loses nothing. A refusal on a live session still counts.
            if (session.isOpen()) {
                throw e;
            }
        }
    }

    private void runRaw(SyslogBacklog backlog) {
        ArrayDeque<CompletableFuture<Void>> queued = new ArrayDeque<>();
        long octets = 0;
        boolean open = true;
        while (backlog.hasNext()) {
            if (!open) {
                // The next channel starts only when there is a line for it: after the last checkpoint of the input
                // the run is done, whatever the collector does next. The line stays in the backlog until the channel
                // is open: taken before, it was lost when the start failed (the soak lost the first line after a
                // checkpoint that way).
                sender = start(session, true, null, timeout, 0);
                open = true;
            }
            SyslogBacklog.Line l = Objects.requireNonNull(backlog.next());
            CompletableFuture<Void> sent = send(l.text());
            unacked.add(new Flight(l, sent));
            queued.add(sent);
            octets += l.text().length() + 2;
            while (queued.size() > RAW_QUEUED) {
                await(queued.poll(), "handing a line to the RAW channel");
            }
            if (unacked.size() >= RAW_CHECKPOINT_LINES || octets >= RAW_CHECKPOINT_OCTETS) {
                endRaw(queued, backlog);
                octets = 0;
                open = false;
            }
        }
        if (open) {
            endRaw(queued, backlog);
        }
    }

    /** Ends the RAW channel cleanly (NUL, then close); its lines are then acknowledged. */
    private void endRaw(ArrayDeque<CompletableFuture<Void>> queued, SyslogBacklog backlog) {
        while (!queued.isEmpty()) {
            await(queued.poll(), "handing a line to the RAW channel");
        }
        // The close completes only on the collector's <ok/>, its acknowledgement of every line (RFC 3195 §3.4); a
        // session lost first fails it, and the lines stay unacknowledged.
        await(sender.finish(), "ending the RAW channel");
        backlog.acknowledged(unacked.size());
        unacked.clear();
    }

    /** The sender's send; a failure thrown rather than returned (a channel already closed) as a failed future. */
    private CompletableFuture<Void> send(String line) {
        try {
            return sender.send(line);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private void await(CompletableFuture<?> f, String what) {
        Failures.await(f, timeout, what, t -> failure(what, t));
    }

    private CliException failure(String what, Throwable t) {
        if (Failures.unwrap(t) instanceof BeepErrorException e) {
            return new CliException(ExitCodes.PEER_ERROR, "the collector refused "
                    + (raw ? "to end the channel" : "an entry") + ": " + CliException.oneLine(e.getMessage()), e);
        }
        if (!session.isOpen()) {
            return new CliException(ExitCodes.PEER_ERROR, "lost the session with " + target + " " + what + ": "
                    + Failures.message(t), t);
        }
        return Failures.exchange(what, t);
    }

    /**
     * Ends the session at once and hands the unacknowledged lines back to {@code backlog}, to go first on the next
     * session. A COOKED line counts as offered (the collector may have it) once sent; a RAW line once handed to the
     * channel.
     */
    void abandon(SyslogBacklog backlog) {
        session.terminate();
        List<SyslogBacklog.Line> lines = new ArrayList<>(unacked.size());
        for (Flight f : unacked) {
            boolean handedOver = f.sent().isDone() && !f.sent().isCompletedExceptionally();
            lines.add(raw && !handedOver ? f.line() : f.line().offeredNow());
        }
        unacked.clear();
        backlog.sendAgain(lines);
    }
}
