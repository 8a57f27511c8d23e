package io.beepkit.syslog;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.LibraryThreads;
import io.beepkit.core.LogText;
import io.beepkit.syslog.internal.CookedEntry;
import io.beepkit.syslog.internal.CookedXml;
import io.beepkit.syslog.internal.DeviceCookedHandler;
import io.beepkit.syslog.internal.EntryPipeline;
import io.beepkit.syslog.internal.RawDeviceHandler;
import io.beepkit.syslog.internal.RawOutput;
import io.beepkit.syslog.internal.SyslogTextParser;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The device side of RFC 3195 over a session the application opened (with beep-netty's {@code BeepClient}, say):
 * starts one RAW or COOKED channel and sends syslog lines on it. Thread-safe.
 *
 * <p>The channel runs the RFC 3195 URI, or the pre-RFC one ({@link SyslogProfiles#LEGACY_RAW},
 * {@link SyslogProfiles#LEGACY_COOKED}) when that is all the collector's greeting offers, as liblogging's does.
 *
 * <p>RAW (RFC 3195 §3): the sender starts the channel, waits for the collector's MSG, and answers it with ANS
 * answers, each in one whole frame once the collector's window has room for it: one line per answer while the
 * window keeps up, and the lines queued meanwhile together in one answer when it does not (RFC 3195 §3.3; not on the
 * legacy URI, whose liblogging collector takes every frame for one message); {@link #send} completes when
 * the line is handed to the channel, with fewer than {@value #MAX_UNSENT} octets waiting to leave (RAW has no
 * per-message acknowledgement). COOKED (RFC 3195 §4): the sender starts the channel
 * (with its {@code <iam>} piggybacked when given), then sends each line as an {@code <entry>} MSG whose attributes
 * come from the line's own header, each entry in one whole frame once the collector's window has room for it (as
 * on RAW: liblogging's collector cannot join fragments), and only while the replies to the entries already sent, each
 * counted at the largest reply seen, fit in half the device's receive window, so that the collector never meets that
 * window's edge in the middle of a reply; {@link #send} completes when the collector answered {@code <ok />}, and
 * fails with {@link BeepErrorException} on its {@code <error>}.
 */
public final class SyslogSender implements AutoCloseable {
    /**
     * The device's receive window: it only ever receives the collector's one MSG (RAW) or short replies (COOKED), so
     * it keeps the RFC's 4096 and announces no larger window with a SEQ (rsyslog's liblogging collector cannot parse
     * SEQ frames). COOKED keeps the replies it awaits within half of it (see the class).
     */
    static final int DEVICE_WINDOW = 4096;

    /** Octets handed to the channel but not yet sent beyond which further messages wait (RAW: {@link #send} too). */
    public static final int MAX_UNSENT = 64 * 1024;

    private final SyslogTransport transport;
    private final BeepChannel channel;
    private final @Nullable RawOutput raw;
    private final @Nullable EntryPipeline entries;
    private final AtomicReference<@Nullable CompletableFuture<@Nullable Void>> finishing = new AtomicReference<>();

    private SyslogSender(SyslogTransport transport, BeepChannel channel, @Nullable RawOutput raw, int replyWindow) {
        this.transport = transport;
        this.channel = channel;
        this.raw = raw;
        this.entries = raw == null ? new EntryPipeline(channel, replyWindow) : null;
    }

    /** Starts a RAW channel on {@code session}; completes once the collector's MSG has arrived. */
    public static CompletableFuture<SyslogSender> raw(BeepSession session) {
        RawDeviceHandler handler = new RawDeviceHandler();
        String uri = uri(session, SyslogProfiles.RAW, SyslogProfiles.LEGACY_RAW);
        ChannelRequest request = ChannelRequest.builder().profile(uri).handler(handler)
                .receiveWindow(DEVICE_WINDOW).build();
        return session.startChannel(request).thenCompose(ch -> handler.ready()
                .thenApply(responder -> new SyslogSender(SyslogTransport.RAW, ch, new RawOutput(ch, responder,
                        MAX_UNSENT, uri.equals(SyslogProfiles.RAW)), DEVICE_WINDOW)));
    }

    /**
     * Starts a COOKED channel on {@code session}, piggybacking {@code iam} on the start request when not null
     * (RFC 3195 §4.2); on the legacy URI it is sent as the first MSG instead.
     */
    public static CompletableFuture<SyslogSender> cooked(BeepSession session, @Nullable SyslogIdentity iam) {
        return cookedWithWindow(session, iam, DEVICE_WINDOW);
    }

    /**
     * As {@link #cooked(BeepSession, SyslogIdentity)}, with room for the replies to {@code entriesInFlight} entries:
     * the device's receive window is sized so that that many {@code <ok />} replies fit in half of it (at least the
     * RFC's 4096 octets; a larger window is announced with a SEQ when the channel starts). Not towards a collector
     * that offers only the legacy URI (rsyslog's liblogging, which cannot parse a SEQ): there the window stays 4096. A device that keeps more
     * than about 46 entries unacknowledged needs it: with 4096 octets it sends the next entry only once replies free
     * their room. Replies longer than an {@code <ok />} lower the number again (see the class).
     *
     * @param entriesInFlight the most entries the caller keeps unacknowledged, 1..65536
     */
    public static CompletableFuture<SyslogSender> cooked(BeepSession session, @Nullable SyslogIdentity iam,
                                                         int entriesInFlight) {
        if (entriesInFlight < 1 || entriesInFlight > 65_536) {
            throw new IllegalArgumentException("entriesInFlight must be in 1..65536: " + entriesInFlight);
        }
        boolean legacy = uri(session, SyslogProfiles.COOKED, SyslogProfiles.LEGACY_COOKED)
                .equals(SyslogProfiles.LEGACY_COOKED);
        return cookedWithWindow(session, iam, legacy ? DEVICE_WINDOW : replyWindow(entriesInFlight));
    }

    /** The receive window whose half holds {@code entries} replies of an {@code <ok />}'s size, at least 4096. */
    static int replyWindow(int entries) {
        return Math.max(DEVICE_WINDOW, EntryPipeline.windowForReplies(entries));
    }

    private static CompletableFuture<SyslogSender> cookedWithWindow(BeepSession session, @Nullable SyslogIdentity iam,
                                                                    int window) {
        ChannelRequest.Builder b = ChannelRequest.builder().handler(new DeviceCookedHandler())
                .receiveWindow(window);
        String uri = uri(session, SyslogProfiles.COOKED, SyslogProfiles.LEGACY_COOKED);
        // liblogging's collector never answers a start with piggybacked data: on the legacy URI the <iam> goes as
        // the first MSG instead, as liblogging's own device does.
        boolean piggyback = iam != null && uri.equals(SyslogProfiles.COOKED);
        if (piggyback) {
            b.profile(uri, CookedXml.writeIam(iam), false);
        } else {
            b.profile(uri);
        }
        CompletableFuture<SyslogSender> open = session.startChannel(b.build())
                .thenApply(ch -> new SyslogSender(SyslogTransport.COOKED, ch, null, window));
        if (iam == null || piggyback) {
            return open;
        }
        return open.thenCompose(sender -> sender.sendIam(iam).thenApply(ok -> sender));
    }

    /**
     * The RFC 3195 URI, or the legacy one when the collector's greeting offers only that (rsyslog's liblogging);
     * each is matched exactly.
     */
    private static String uri(BeepSession session, String rfc, String legacy) {
        List<String> offered = session.peerProfiles();
        return !offered.contains(rfc) && offered.contains(legacy) ? legacy : rfc;
    }

    /** The profile this sender uses. */
    public SyslogTransport transport() {
        return transport;
    }

    /** The channel it sends on. */
    public BeepChannel channel() {
        return channel;
    }

    /** Sends one syslog line (without CR LF; a CR or LF inside is replaced by a space). */
    public CompletableFuture<Void> send(String line) {
        String clean = line.replace('\r', ' ').replace('\n', ' ');
        if (transport == SyslogTransport.RAW) {
            return raw.send(clean);
        }
        SyslogMessage m = SyslogTextParser.parse(clean, SyslogMessage.builder().transport(transport)).build();
        CookedEntry e = new CookedEntry(m.facility() < 0 ? 1 : m.facility(), m.severity() < 0 ? 5 : m.severity(),
                m.timestamp(), m.hostname(), m.appName(), null, null, null, clean);
        return sendXml(CookedXml.writeEntry(e));
    }

    /** COOKED: sends an {@code <iam>} as a MSG of its own (RFC 3195 §4.4.1), as some devices do. */
    public CompletableFuture<Void> sendIam(SyslogIdentity iam) {
        if (transport != SyslogTransport.COOKED) {
            throw new IllegalStateException("<iam> belongs to COOKED, not " + transport);
        }
        return sendXml(CookedXml.writeIam(iam));
    }

    private CompletableFuture<Void> sendXml(String xml) {
        MimeEntity msg = MimeEntity.of(MimeEntity.BEEP_XML, xml.getBytes(StandardCharsets.UTF_8));
        return Objects.requireNonNull(entries).submit(msg).thenApply(SyslogSender::requireOk);
    }

    private static Void requireOk(Reply r) {
        if (r.isError()) {
            throw new BeepErrorException(r.errorCode(), r.errorText());
        }
        String body = r.entity().bodyText().strip();
        if (!body.startsWith("<ok")) {
            throw new BeepException("the collector answered neither <ok /> nor <error>: " + body.length()
                    + " octets starting '" + LogText.escape(body, 40) + "'");
        }
        return null;
    }

    /**
     * Ends the exchange (NUL on RAW) and closes the channel once every entry is answered. Idempotent: later calls
     * return the first call's outcome; completing the returned future changes nothing.
     */
    public CompletableFuture<@Nullable Void> finish() {
        CompletableFuture<@Nullable Void> mine = new CompletableFuture<>();
        if (finishing.compareAndSet(null, mine)) {
            CompletableFuture<@Nullable Void> end;
            if (raw != null) {
                // The close is asked first: the engine sends it once the NUL is written, and meanwhile refuses the
                // collector's release of the session, which would otherwise slip in between the NUL and the close
                // and leave every line of the channel unacknowledged (RFC 3195 §3.4).
                CompletableFuture<@Nullable Void> closed = channel.close();
                end = raw.end().thenCombine(closed, (ended, c) -> null);
            } else {
                end = Objects.requireNonNull(entries).close().thenCompose(sent -> channel.close());
            }
            end.whenComplete((v, e) -> {
                if (e != null) {
                    mine.completeExceptionally(e);
                } else {
                    mine.complete(null);
                }
            });
        }
        return Objects.requireNonNull(finishing.get()).copy();
    }

    /** The same as {@link #finish()}: the sender holds nothing else to release. */
    public CompletableFuture<@Nullable Void> closeAsync() {
        return finish();
    }

    /**
     * As {@link #closeAsync()}, waiting for it; except on one of beepkit's event loops or inside a beepkit callback,
     * where it only starts the close and returns (the answers it would wait for arrive on those threads).
     */
    @Override
    public void close() {
        CompletableFuture<@Nullable Void> done = closeAsync();
        if (!LibraryThreads.mustNotBlock()) {
            done.join();
        }
    }
}
