package io.beepkit.cli;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.ReconnectPolicy;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import javax.net.ssl.SSLException;

/** {@code beep syslog send}: an RFC 3195 device sending lines. */
@Command(name = "send", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Send syslog lines over BEEP (RFC 3195).", "",
                "Reads lines from standard input or --file and sends each as one syslog message: on COOKED as an "
                        + "<entry> the collector acknowledges with <ok />, with --raw in ANS answers to the "
                        + "collector's MSG (lines queued while the collector's window is full leave together in one "
                        + "answer). Lines should carry their own <PRI> header (RFC 3164 or RFC 5424); COOKED "
                        + "attributes are taken from it.",
                "",
                "When the session is lost or the collector cannot be reached, connects again with backoff for up "
                        + "to --retry-for and sends again every line not acknowledged: COOKED, each line whose <ok /> "
                        + "has not come; RAW, every line since the channel last ended cleanly (NUL, then the "
                        + "collector's reply to the channel close; the channel is ended and restarted every 10000 "
                        + "lines). A line sent again may reach the collector twice.",
                "",
                "Prints a summary on standard error with 'resent N' and 'duplicates possible N'. Exits 0 only when "
                        + "every line was acknowledged; 1 if the collector refuses an entry (its code and text are "
                        + "printed) or the session was lost for good, 3 if it could not be reached again."})
final class SyslogSendCommand implements Callable<Integer> {
    /** The longest wait between two attempts to reach the collector. */
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "HOST:PORT", converter = Target.Converter.class,
            description = "The collector (write the port: 601 is RFC 3195's).")
    Target target;

    @Option(names = "--raw", description = "Send on RAW (RFC 3195 section 3) instead of COOKED.")
    boolean raw;

    @Option(names = {"-f", "--file"}, paramLabel = "PATH", description = "Read lines from PATH ('-' or absent: "
            + "standard input).")
    String file;

    @Option(names = "--iam", paramLabel = "FQDN", description = "COOKED: announce this device with <iam fqdn=FQDN "
            + "ip=(the local address) type='device'> (RFC 3195 section 4.4.1).")
    String iam;

    @Option(names = "--in-flight", paramLabel = "N", description = "COOKED: entries sent and not yet acknowledged "
            + "at most, 1.." + SyslogLink.MAX_COOKED_IN_FLIGHT + " (default: " + SyslogLink.COOKED_IN_FLIGHT
            + "). More hide more of the round trip to the collector; a collector refuses entries beyond its own "
            + "limit (beep syslog receive --max-pending-entries, 1024 by default), and after a lost session up to N "
            + "lines are sent again.")
    Integer inFlight;

    @Option(names = "--retry-for", paramLabel = "TIME", defaultValue = "60s",
            converter = Units.DurationConverter.class,
            description = "After a lost session or failed connect, keep connecting again with backoff and resend what "
                    + "the collector has not acknowledged, until TIME has passed without a line acknowledged "
                    + "(default: ${DEFAULT-VALUE}; 0: give up at the first failure).")
    Duration retryFor;

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "10s", converter = Units.DurationConverter.class,
            description = "Count an attempt failed after waiting TIME for the connection or an acknowledgement "
                    + "(default: ${DEFAULT-VALUE}); then --retry-for decides whether to connect again.")
    Duration timeout;

    @Mixin
    TuningOptions tuning;

    @Mixin
    ClientSecurityOptions security;

    /** Where lines come from without --file (tests may replace it). */
    InputStream stdin = System.in;

    @Override
    public Integer call() {
        CommandLine cmd = spec.commandLine();
        if (raw && iam != null) {
            throw new CommandLine.ParameterException(cmd, "--iam belongs to COOKED; RAW has no <iam>");
        }
        if (raw && inFlight != null) {
            throw new CommandLine.ParameterException(cmd, "--in-flight belongs to COOKED; RAW has no answer per line");
        }
        if (inFlight != null && (inFlight < 1 || inFlight > SyslogLink.MAX_COOKED_IN_FLIGHT)) {
            throw new CommandLine.ParameterException(cmd, "--in-flight must be 1.." + SyslogLink.MAX_COOKED_IN_FLIGHT
                    + ": " + inFlight);
        }
        if (timeout.isZero() || timeout.isNegative()) {
            throw new CommandLine.ParameterException(cmd, "--timeout must be > 0");
        }
        if (retryFor.isNegative()) {
            throw new CommandLine.ParameterException(cmd, "--retry-for must be >= 0");
        }
        // --timeout bounds each attempt: the TCP connect (the client's connect timeout) and the peer's greeting.
        SessionConfig base = tuning.config(cmd, null);
        SessionConfig config = base.toBuilder()
                .socket(base.socket().toBuilder().connectTimeout(timeout).build())
                .limits(base.limits().toBuilder().greetingTimeout(timeout).build()).build();
        long t0 = System.nanoTime();
        SyslogBacklog backlog;
        try (BufferedReader in = reader(cmd);
             BeepClient client = BeepClient.builder().session(config).security(security.config(cmd)).build()) {
            backlog = new SyslogBacklog(in);
            deliver(cmd, client, backlog);
        } catch (IOException | UncheckedIOException e) {
            throw new CliException(ExitCodes.USAGE, "cannot read " + (file == null ? "standard input" : file) + ": "
                    + Failures.message(e));
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        long sent = backlog.acknowledged();
        cmd.getErr().printf(Locale.ROOT, "sent %d message%s on %s to %s in %.3f s, %s%n", sent, sent == 1 ? "" : "s",
                raw ? "RAW" : "COOKED", target, secs, counts(backlog));
        cmd.getErr().flush();
        return ExitCodes.OK;
    }

    /**
     * Sends everything over the session a {@link CollectorSession} keeps up, sending again what was not acknowledged
     * after a failure that a collector restart can cure, until --retry-for has passed without a line acknowledged.
     */
    private void deliver(CommandLine cmd, BeepClient client, SyslogBacklog backlog) {
        ReconnectPolicy policy = ReconnectPolicy.builder().initialDelay(Duration.ofMillis(100))
                .maxDelay(MAX_BACKOFF).build();
        long outageStart = 0;
        int attempt = 0;
        int reconnects = 0;
        CliException last = null;
        try (CollectorSession collector = new CollectorSession(client, target, policy, timeout)) {
            while (true) {
                long acknowledged = backlog.acknowledged();
                // Failed attempts arrive as failures; the bound only ends an attempt that hangs past its timeouts.
                Duration wait = (attempt == 0 ? Duration.ZERO : retryFor.minusNanos(System.nanoTime() - outageStart))
                        .plus(timeout.multipliedBy(2));
                BeepSession session = null;
                SyslogLink link = null;
                try {
                    session = collector.next(wait.isNegative() ? Duration.ZERO : wait);
                    if (session != null) {
                        link = SyslogLink.on(session, target, raw, iam, timeout,
                                inFlight == null ? SyslogLink.COOKED_IN_FLIGHT : inFlight, true);
                        if (attempt > 0) {
                            reconnects++;
                            cmd.getErr().printf(Locale.ROOT, "reconnected to %s (reconnect %d), sending %d line%s "
                                    + "again%n", target, reconnects, backlog.waiting(),
                                    backlog.waiting() == 1 ? "" : "s");
                        }
                        link.run(backlog);
                        return;
                    }
                } catch (CliException e) {
                    last = e;
                    if (link != null) {
                        link.abandon(backlog);
                    }
                    long now = System.nanoTime();
                    if (attempt == 0 || backlog.acknowledged() > acknowledged) {
                        outageStart = now; // a new outage: the collector had acknowledged lines since the last one
                        attempt = 0;
                    }
                    Duration left = retryFor.minusNanos(now - outageStart);
                    if (!retryable(e) || left.isNegative() || left.isZero()) {
                        throw giveUp(e, backlog, now - outageStart, attempt);
                    }
                    attempt++;
                    // After a failed attempt the managed session said when the next starts; after a session given
                    // up (or lost), its end says it.
                    Duration delay = session == null ? collector.retryIn() : collector.lost(timeout);
                    cmd.getErr().printf(Locale.ROOT, "%s; retrying in %d ms (for up to %s more), %d line%s to send "
                                    + "again, %s%n", e.getMessage(), delay.toMillis(), Units.seconds(left),
                            backlog.waiting(), backlog.waiting() == 1 ? "" : "s", counts(backlog));
                    cmd.getErr().flush();
                    continue;
                }
                // No session, nor a failure, within the bound: an attempt hangs.
                throw last != null ? giveUp(last, backlog, System.nanoTime() - outageStart, attempt)
                        : new CliException(ExitCodes.TIMEOUT, "timed out after " + Units.seconds(wait)
                        + " connecting to " + target);
            }
        }
    }

    /** The failure that ends the run, naming its cause and what was not acknowledged. */
    private CliException giveUp(CliException e, SyslogBacklog backlog, long outageNanos, int attempts) {
        String unacked = "; " + (backlog.read() - backlog.acknowledged()) + " of " + backlog.read()
                + " lines read not acknowledged (more may be unread), " + counts(backlog);
        if (!retryable(e) || retryFor.isZero()) {
            return new CliException(e.exitCode(), e.getMessage() + unacked, e);
        }
        return new CliException(e.exitCode(), "gave up after " + Units.seconds(Duration.ofNanos(outageNanos))
                + " and " + attempts + " attempt" + (attempts == 1 ? "" : "s") + " to reach the collector: "
                + e.getMessage() + unacked, e);
    }

    private static String counts(SyslogBacklog backlog) {
        return "resent " + backlog.resent() + ", duplicates possible " + backlog.duplicatesPossible();
    }

    /**
     * Whether another session may succeed: not after a refusal by the collector (an ERR other than a transient 4xx:
     * profile refused, SASL refused, entry refused) or a TLS failure, which a restart does not cure.
     */
    private boolean retryable(CliException e) {
        if (retryFor.isZero() || e.exitCode() == ExitCodes.USAGE) {
            return false;
        }
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof BeepErrorException err) {
                return err.code() >= 400 && err.code() < 500;
            }
            if (t instanceof SSLException) {
                return false;
            }
        }
        return true;
    }

    private BufferedReader reader(CommandLine cmd) {
        if (file == null || file.equals("-")) {
            return new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        }
        try {
            return Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CommandLine.ParameterException(cmd, "--file: cannot read " + file + ": " + Failures.message(e));
        }
    }
}
