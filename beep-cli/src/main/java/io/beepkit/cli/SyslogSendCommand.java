package io.beepkit.cli;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepConfig;
import io.beepkit.syslog.SyslogIdentity;
import io.beepkit.syslog.SyslogSender;
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
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/** {@code beep syslog send}: an RFC 3195 device sending lines. */
@Command(name = "send", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Send syslog lines over BEEP (RFC 3195).", "",
                "Reads lines from standard input or --file and sends each as one syslog message: on COOKED as an <entry> the collector acknowledges with <ok />, with --raw as one ANS answer "
                        + "to the collector's MSG. Lines should carry their own <PRI> header (RFC 3164 or RFC 5424); "
                        + "COOKED attributes are taken from it. Prints a summary on standard error. Exits 1 if the "
                        + "collector refuses an entry (its code and text are printed)."})
final class SyslogSendCommand implements Callable<Integer> {
    /** COOKED entries sent before waiting for the oldest acknowledgement. */
    private static final int IN_FLIGHT = 64;

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

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "10s", converter = Units.DurationConverter.class,
            description = "Give up connecting or waiting for an acknowledgement after TIME (default: ${DEFAULT-VALUE}).")
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
        if (timeout.isZero() || timeout.isNegative()) {
            throw new CommandLine.ParameterException(cmd, "--timeout must be > 0");
        }
        BeepConfig config = tuning.config(cmd, null).toBuilder().security(security.config(cmd)).build();
        long t0 = System.nanoTime();
        long sent = 0;
        try (BufferedReader in = reader(cmd);
             BeepClient client = BeepClient.builder().config(config).ioThreads(1).connectTimeout(timeout).build()) {
            BeepSession session = Failures.await(client.connect(target.host(), target.port()), timeout,
                    "connecting to " + target, t -> Failures.connect(target, t));
            String uri = raw ? "RFC 3195 RAW" : "RFC 3195 COOKED";
            SyslogIdentity identity = iam == null ? null : new SyslogIdentity(iam,
                    ((InetSocketAddress) session.localAddress()).getAddress().getHostAddress(), "device");
            SyslogSender sender = Failures.await(raw ? SyslogSender.raw(session)
                            : SyslogSender.cooked(session, identity), timeout, "starting " + uri,
                    t -> Failures.start(session, uri, t));
            ArrayDeque<CompletableFuture<Void>> pending = new ArrayDeque<>();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isEmpty()) {
                    continue;
                }
                pending.add(sender.send(line));
                sent++;
                while (pending.size() > (raw ? 0 : IN_FLIGHT - 1)) {
                    acknowledged(pending.poll());
                }
            }
            while (!pending.isEmpty()) {
                acknowledged(pending.poll());
            }
            Failures.await(sender.finish(), timeout, "closing the channel", t -> Failures.exchange("closing", t));
            Failures.await(session.close(), timeout, "releasing the session", t -> Failures.exchange("release", t));
        } catch (IOException e) {
            throw new CliException(ExitCodes.USAGE, "cannot read " + (file == null ? "standard input" : file) + ": "
                    + Failures.message(e));
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        cmd.getErr().printf(Locale.ROOT, "sent %d message%s on %s to %s in %.3f s%n", sent, sent == 1 ? "" : "s",
                raw ? "RAW" : "COOKED", target, secs);
        cmd.getErr().flush();
        return ExitCodes.OK;
    }

    /** Waits for one send; the collector's ERR is exit code 1 naming its code and text. */
    private void acknowledged(CompletableFuture<Void> ack) {
        Failures.await(ack, timeout, "waiting for the collector", t -> {
            if (Failures.unwrap(t) instanceof BeepErrorException e) {
                return new CliException(ExitCodes.PEER_ERROR, "the collector refused an entry: "
                        + CliException.oneLine(String.valueOf(e.getMessage())));
            }
            return Failures.exchange("waiting for the collector", t);
        });
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
