package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyTimeoutException;
import io.beepkit.api.SendOptions;
import io.beepkit.api.TransferStats;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** {@code beep call}: one session, one channel, one message, the reply on standard output. */
@Command(name = "call", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Send one message and print the reply.", "", "Opens a session with HOST:PORT and a channel on profile URI, sends one message and prints the "
                + "reply: the RPY body, every ANS body (one after the other), or the ERR code and text.",
                "The reply body goes to standard output (a line break is added if it has none); -v, --trace and "
                        + "errors go to standard error."})
final class CallCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "HOST:PORT", converter = Target.Converter.class,
            description = "The listener (port 10288 when omitted; [IPv6]:PORT).")
    Target target;

    @Parameters(index = "1", paramLabel = "URI", description = "The profile to start the channel on.")
    String uri;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Input input;

    static final class Input {
        @Option(names = {"-d", "--data"}, paramLabel = "TEXT", description = "Message body as UTF-8 text.")
        String data;

        @Option(names = {"-f", "--file"}, paramLabel = "PATH",
                description = "Message body read from PATH ('-' for standard input). "
                        + "Without --data or --file the body is read from standard input.")
        String file;
    }

    @Option(names = {"-H", "--header"}, paramLabel = "NAME:VALUE",
            description = "A MIME header of the message (repeatable), e.g. -H 'Content-Type: text/plain'.")
    List<String> headers = new ArrayList<>();

    @Option(names = {"-v", "--verbose"},
            description = "Also print the peer's greeting, the channel, the reply's headers and frame counters.")
    boolean verbose;

    @Option(names = "--trace", description = "Print every frame header and SEQ, both directions, like a dissector: "
            + "'-> MSG 1 0 . 0 12' sent, '<- SEQ 1 12 4096' received.")
    boolean trace;

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "10s", converter = Units.DurationConverter.class,
            description = "Give up connecting or waiting for a reply after TIME (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Mixin
    TuningOptions tuning;

    @Mixin
    ClientSecurityOptions security;

    /** Where the body comes from when neither --data nor --file is given (tests may replace it). */
    InputStream stdin = System.in;

    @Override
    public Integer call() {
        CommandLine cmd = spec.commandLine();
        PrintWriter out = cmd.getOut();
        PrintWriter err = cmd.getErr();
        if (timeout.isZero()) {
            throw new CommandLine.ParameterException(cmd, "--timeout must be > 0");
        }
        MimeEntity message = message(cmd);
        long t0 = System.nanoTime();
        Consumer<String> tracer = trace ? line -> {
            synchronized (err) {
                err.printf(Locale.ROOT, "%10.3f ms  %s%n", (System.nanoTime() - t0) / 1e6, line);
                err.flush();
            }
        } : null;
        SessionConfig base = tuning.config(cmd, tracer);
        SessionConfig config = base.toBuilder()
                .socket(base.socket().toBuilder().connectTimeout(timeout).build()).build();

        try (BeepResources threads = BeepResources.builder().ioThreads(1).threadNamePrefix("beep-call").build();
             BeepClient client = BeepClient.builder().session(config).security(security.config(cmd))
                     .resources(threads).build()) {
            BeepSession session = Failures.await(client.connect(target.host(), target.port()), timeout,
                    "connecting to " + target, t -> Failures.connect(target, t));
            try {
                if (verbose) {
                    info(err, "connected to " + target + " from " + ServeCommand.address(session.localAddress())
                            + " (transport " + client.transport() + ", socket profile "
                            + TuningOptions.describe(tuning.tuning(cmd)) + ")");
                    info(err, "peer greeting: profiles " + (session.peerProfiles().isEmpty() ? "(none)"
                            : String.join(" ", session.peerProfiles()))
                            + ", features " + (session.peerFeatures() == null ? "(none)" : session.peerFeatures())
                            + ", localize " + session.peerLocalize());
                    info(err, "security: " + ClientSecurityOptions.describe(session));
                }
                BeepChannel channel = Failures.await(session.startChannel(uri), timeout,
                        "starting a channel on " + uri, t -> Failures.start(session, uri, t));
                if (verbose) {
                    info(err, "channel " + channel.number() + " started on " + channel.profile()
                            + channel.peerInitData().map(d -> " (peer init data: " + d + ")").orElse("")
                            + ", peer window " + channel.remoteWindow());
                    info(err, "sending MSG: " + describe(message));
                }
                // The library's deadline gives up the channel cleanly; the wait below is only a backstop for it.
                String waiting = "waiting for the reply";
                Reply reply = Failures.await(channel.send(message, SendOptions.deadline(timeout)), timeout.plusSeconds(5), waiting,
                        t -> Failures.unwrap(t) instanceof ReplyTimeoutException
                                ? new CliException(ExitCodes.TIMEOUT, "timed out after " + Units.seconds(timeout)
                                        + " " + waiting, Failures.unwrap(t))
                                : Failures.exchange(waiting, t));
                TransferStats stats = channel.stats();
                int code = print(reply, out, err);
                if (verbose) {
                    info(err, "channel " + channel.number() + ": " + stats);
                }
                release(session, err);
                return code;
            } finally {
                if (session.isOpen()) {
                    session.terminate();
                }
            }
        }
    }

    private MimeEntity message(CommandLine cmd) {
        byte[] body;
        if (input != null && input.data != null) {
            body = input.data.getBytes(StandardCharsets.UTF_8);
        } else if (input != null && input.file != null && !input.file.equals("-")) {
            try {
                body = Files.readAllBytes(Path.of(input.file));
            } catch (IOException | RuntimeException e) {
                throw new CommandLine.ParameterException(cmd, "cannot read --file " + input.file + ": "
                        + Failures.message(e));
            }
        } else {
            try {
                body = stdin.readAllBytes();
            } catch (IOException e) {
                throw new CommandLine.ParameterException(cmd, "cannot read standard input: " + Failures.message(e));
            }
        }
        MimeEntity.Builder b = MimeEntity.builder().body(body);
        for (String h : headers) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw new CommandLine.ParameterException(cmd, "--header expects NAME:VALUE, got '" + h + "'");
            }
            try {
                b.header(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cmd, "--header: " + e.getMessage());
            }
        }
        return b.build();
    }

    /** Prints the reply; returns the exit code (1 for ERR). */
    private int print(Reply reply, PrintWriter out, PrintWriter err) {
        switch (reply.kind()) {
            case RPY -> {
                if (verbose) {
                    info(err, "reply RPY: " + describe(reply.entity()));
                    headers(err, reply.entity());
                }
                body(out, reply.entity());
                return ExitCodes.OK;
            }
            case ANSWERS -> {
                if (verbose) {
                    info(err, "reply: " + reply.answers().size() + " ANS then NUL");
                }
                int i = 0;
                for (MimeEntity a : reply.answers()) {
                    if (verbose) {
                        info(err, "ANS " + i++ + ": " + describe(a));
                        headers(err, a);
                    }
                    body(out, a);
                }
                return ExitCodes.OK;
            }
            default -> {
                out.flush();
                String text = reply.errorText() == null ? "" : CliException.oneLine(reply.errorText());
                throw new CliException(ExitCodes.PEER_ERROR, "ERR " + reply.errorCode()
                        + (text.isEmpty() ? "" : " " + text));
            }
        }
    }

    private static void body(PrintWriter out, MimeEntity e) {
        String text = e.bodyText();
        out.print(text);
        if (!text.isEmpty() && !text.endsWith("\n")) {
            out.println();
        }
        out.flush();
    }

    private static void headers(PrintWriter err, MimeEntity e) {
        for (Map.Entry<String, String> h : e.headers()) {
            info(err, "  " + h.getKey() + ": " + h.getValue());
        }
    }

    private static String describe(MimeEntity e) {
        return e.body().length + " octets body, " + e.headers().size() + " header" + (e.headers().size() == 1 ? "" : "s")
                + ", " + e.contentType();
    }

    private void release(BeepSession session, PrintWriter err) {
        try {
            session.close().get(Math.min(timeout.toMillis(), 5000), TimeUnit.MILLISECONDS);
            if (verbose) {
                info(err, "session released");
            }
        } catch (Exception e) {
            if (verbose) {
                info(err, "session release: " + CliException.oneLine(Failures.message(e)) + "; closing the connection");
            }
            session.terminate();
        }
    }

    static void info(PrintWriter err, String line) {
        synchronized (err) {
            err.println("* " + line);
            err.flush();
        }
    }
}
