package io.beepkit.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import org.jspecify.annotations.Nullable;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code beep}: serve, call, load-test, demonstrate and carry syslog over BEEP (RFC 3080/3081) from the command line. See
 * {@code docs/cli.md}; exit codes are in {@link ExitCodes}.
 */
@Command(name = "beep", mixinStandardHelpOptions = true, versionProvider = BeepCli.Version.class,
        description = "BEEP (RFC 3080/3081) from the command line: serve, call, load-test, demonstrate, and carry syslog (RFC 3195).%n"
                + "Docs: docs/cli.md.",
        footer = {"", "Run 'beep COMMAND --help' for the options of a command."})
public final class BeepCli implements Runnable {
    static final String LOG_LEVEL_PROPERTY = "org.slf4j.simpleLogger.defaultLogLevel";
    /** The commands, in the order the usage lists them. */
    private static final Map<String, Class<?>> COMMANDS = commands();

    @Spec
    CommandSpec spec;

    @Option(names = "--log-level", paramLabel = "LEVEL", scope = ScopeType.INHERIT,
            description = "Library log level on standard error: error, warn, info, debug or trace (default: warn, "
                    + "or -D" + LOG_LEVEL_PROPERTY + "). Takes effect before the first log line only.")
    void logLevel(String level) {
        String l = level.toLowerCase(Locale.ROOT);
        if (!l.matches("trace|debug|info|warn|error|off")) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--log-level: expected one of error, warn, info, debug, trace, off, got '" + level + "'");
        }
        System.setProperty(LOG_LEVEL_PROPERTY, l);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: serve, call, load, demo or syslog");
    }

    public static void main(String[] args) {
        presetLogLevel(args);
        int code = newCommandLine(args).execute(args);
        System.out.flush();
        System.exit(code);
    }

    private static Map<String, Class<?>> commands() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("serve", ServeCommand.class);
        m.put("call", CallCommand.class);
        m.put("load", LoadCommand.class);
        m.put("demo", DemoCommand.class);
        m.put("syslog", SyslogCommand.class);
        m.put("help", CommandLine.HelpCommand.class);
        return Collections.unmodifiableMap(m);
    }

    /** The command {@code args} name (their first word that is not an option or its value), if it is one of ours. */
    static @Nullable String commandName(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--log-level")) {
                i++; // its value
            } else if (!a.startsWith("-")) {
                return COMMANDS.containsKey(a) ? a : null;
            }
        }
        return null;
    }

    /** Sets the slf4j-simple level before any logger exists: warn unless the command line or -D says otherwise. */
    static void presetLogLevel(String[] args) {
        String level = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--log-level") && i + 1 < args.length) {
                level = args[i + 1];
            } else if (args[i].startsWith("--log-level=")) {
                level = args[i].substring("--log-level=".length());
            }
        }
        if (level != null && level.toLowerCase(Locale.ROOT).matches("trace|debug|info|warn|error|off")) {
            System.setProperty(LOG_LEVEL_PROPERTY, level.toLowerCase(Locale.ROOT));
        } else if (System.getProperty(LOG_LEVEL_PROPERTY) == null) {
            // The demo provokes tiny fragments on purpose: the library's warning about them would only interrupt
            // the table, so it runs at error level unless asked otherwise.
            boolean demo = java.util.Arrays.asList(args).contains("demo");
            System.setProperty(LOG_LEVEL_PROPERTY, demo ? "error" : "warn");
        }
    }

    /** A command line with the tool's error handling: one-line errors and {@link ExitCodes}. */
    public static CommandLine newCommandLine() {
        return newCommandLine(COMMANDS.keySet());
    }

    /**
     * As {@link #newCommandLine()}, with only the command {@code args} name when they name one: picocli builds the
     * model of every command it is given by reflection, which costs a short command like {@code call} a good part of
     * its start-up. Without a known command name (usage, {@code help}, a typo to suggest a fix for) it has them all.
     */
    static CommandLine newCommandLine(String[] args) {
        String named = commandName(args);
        return newCommandLine(named == null || named.equals("help") ? COMMANDS.keySet() : List.of(named));
    }

    private static CommandLine newCommandLine(Collection<String> names) {
        CommandLine cmd = new CommandLine(new BeepCli());
        for (String name : names) {
            cmd.addSubcommand(name, COMMANDS.get(name));
        }
        cmd.setParameterExceptionHandler(BeepCli::usageError);
        cmd.setExecutionExceptionHandler(BeepCli::executionError);
        cmd.setExitCodeExceptionMapper(t -> t instanceof CliException c ? c.exitCode() : ExitCodes.INTERNAL);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setUsageHelpAutoWidth(true);
        addExitCodeFooter(cmd);
        return cmd;
    }

    private static void addExitCodeFooter(CommandLine cmd) {
        String[] footer = cmd.getCommandSpec().usageMessage().footer();
        String[] all = java.util.Arrays.copyOf(footer, footer.length + ExitCodes.HELP_FOOTER.length);
        System.arraycopy(ExitCodes.HELP_FOOTER, 0, all, footer.length, ExitCodes.HELP_FOOTER.length);
        cmd.getCommandSpec().usageMessage().footer(all);
        for (CommandLine sub : cmd.getSubcommands().values()) {
            if (!(sub.getCommand() instanceof CommandLine.HelpCommand)) {
                addExitCodeFooter(sub);
            }
        }
    }

    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        PrintWriter err = cmd.getErr();
        String message = CliException.oneLine(e.getMessage());
        if (message.startsWith("Error: ")) {
            message = message.substring("Error: ".length());
        }
        err.println(name + ": " + message + " (see '" + name + " --help')");
        err.flush();
        return ExitCodes.USAGE;
    }

    private static int executionError(Exception e, CommandLine cmd, CommandLine.ParseResult parseResult) {
        if (e instanceof CommandLine.ParameterException pe) {
            return usageError(pe, new String[0]);
        }
        String name = cmd.getCommandSpec().qualifiedName();
        PrintWriter err = cmd.getErr();
        int code;
        String message;
        if (e instanceof CliException c) {
            code = c.exitCode();
            message = c.getMessage();
        } else {
            code = ExitCodes.INTERNAL;
            message = "internal error: " + CliException.oneLine(e.toString());
        }
        cmd.getOut().flush();
        err.println(name + ": " + message);
        err.flush();
        return code;
    }

    /** The version from the jar manifest (Implementation-Version), or "dev" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = BeepCli.class.getPackage().getImplementationVersion();
            return new String[] {"beep " + (v == null ? "dev" : v) + " (beepkit, BEEP RFC 3080/3081 on Netty)",
                    "Java " + System.getProperty("java.version") + " " + System.getProperty("os.name") + " "
                            + System.getProperty("os.arch")};
        }
    }
}
