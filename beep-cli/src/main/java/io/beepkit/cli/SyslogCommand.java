package io.beepkit.cli;

import io.beepkit.syslog.SyslogProfiles;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code beep syslog}: reliable syslog (RFC 3195) with {@code receive} and {@code send}. */
@Command(name = "syslog", mixinStandardHelpOptions = true,
        description = {"Reliable syslog over BEEP (RFC 3195): a collector and a device.", "",
                "  receive  listen and print each message (text or JSON lines), stdout or a file,",
                "  send     send the lines of standard input or a file, on RAW or COOKED.",
                "Docs: docs/syslog.md."},
        subcommands = {SyslogReceiveCommand.class, SyslogSendCommand.class})
final class SyslogCommand implements Runnable {
    /** The port IANA assigned to RFC 3195 (syslog-conn). */
    static final int IANA_PORT = SyslogProfiles.PORT;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: receive or send");
    }
}
