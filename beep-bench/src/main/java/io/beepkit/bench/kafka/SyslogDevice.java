package io.beepkit.bench.kafka;

import io.beepkit.cli.BeepCli;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One device: {@code beep syslog send} (COOKED, or RAW with {@code --raw}; in this JVM, BeepCli's own command
 * line) sending numbered RFC 5424 lines from a file, reconnecting and resending for up to {@code --retry-for}. Line {@code i} of device {@code d}
 * carries {@code dev<d> seq <i>} in its MSG, so {@link TopicAudit} can tell every record's origin.
 */
final class SyslogDevice {
    /** What {@code beep syslog send} prints last: how many sends were repeats, and of those possibly duplicates. */
    private static final Pattern COUNTS = Pattern.compile("resent (\\d+), duplicates possible (\\d+)");

    /**
     * How one device's run ended.
     *
     * @param device             the device number
     * @param exitCode           the command's exit code
     * @param resent             lines sent again after a lost session
     * @param duplicatesPossible of those, lines an earlier session had handed to the collector
     * @param reconnects         sessions opened after the first
     * @param stderr             the command's standard error
     */
    record Result(int device, int exitCode, long resent, long duplicatesPossible, int reconnects, String stderr) {
    }

    private SyslogDevice() {
    }

    /**
     * Whether {@code stderrLine} is a failure that ended a session ({@code beep syslog send}'s "...; retrying in"
     * lines), rather than a failed connect while the collector was down.
     */
    static boolean sessionLost(String stderrLine) {
        return stderrLine.contains("; retrying in ") && !stderrLine.startsWith("cannot connect to ");
    }

    /** Writes device {@code d}'s {@code lines} lines of about {@code size} octets to a file in {@code dir}. */
    static Path writeLines(Path dir, int d, int lines, int size) throws IOException {
        Path f = dir.resolve("device" + d + ".log");
        StringBuilder b = new StringBuilder(lines * (size + 1));
        for (int i = 0; i < lines; i++) {
            b.append(line(d, i, size)).append('\n');
        }
        Files.writeString(f, b, StandardCharsets.UTF_8);
        return f;
    }

    /** Line {@code i} of device {@code d}: an RFC 5424 line of {@code size} characters, padded with x. */
    static String line(int d, int i, int size) {
        StringBuilder b = new StringBuilder(size);
        b.append("<165>1 2026-11-25T12:00:00.000Z dev").append(d).append(" crash - - - dev").append(d)
                .append(" seq ").append(i).append(' ');
        while (b.length() < size) {
            b.append('x');
        }
        return b.toString();
    }

    /**
     * Runs {@code beep syslog send 127.0.0.1:<port> -f <file> --iam dev<d>.test} with {@code extraArgs} (without
     * {@code --iam} when they hold {@code --raw}), in this thread, and returns how it ended.
     */
    static Result send(int d, Path file, int port, List<String> extraArgs) {
        List<String> args = new ArrayList<>(List.of("syslog", "send", "127.0.0.1:" + port, "-f", file.toString()));
        if (!extraArgs.contains("--raw")) {
            args.add("--iam"); // COOKED only: RAW has no <iam>
            args.add("dev" + d + ".test");
        }
        args.addAll(extraArgs);
        CommandLine cmd = BeepCli.newCommandLine();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(new StringWriter(), true));
        cmd.setErr(new PrintWriter(err, true));
        int code = cmd.execute(args.toArray(String[]::new));
        String text = err.toString();
        long resent = -1;
        long duplicates = -1;
        Matcher m = COUNTS.matcher(text);
        while (m.find()) {
            resent = Long.parseLong(m.group(1));
            duplicates = Long.parseLong(m.group(2));
        }
        int reconnects = 0;
        for (int i = text.indexOf("reconnected to "); i >= 0; i = text.indexOf("reconnected to ", i + 1)) {
            reconnects++;
        }
        return new Result(d, code, resent, duplicates, reconnects, text);
    }
}
