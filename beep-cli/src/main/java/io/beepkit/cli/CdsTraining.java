package io.beepkit.cli;

import io.beepkit.core.profiles.StandardProfiles;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The run {@code bin/beep} records a class-data sharing archive of ({@code -XX:ArchiveClassesAtExit}): every class a
 * short command loads is then mapped from the archive instead of being read, parsed and verified again. It builds the
 * usage of every command and makes one {@code beep call} of 64 octets to an in-process {@code beep serve} on
 * 127.0.0.1, so that the archive holds the tool's commands, picocli's help, and both ends of a session. See
 * {@code docs/cli.md}.
 */
final class CdsTraining {
    private CdsTraining() {
    }

    /** Runs the training and exits 0 if the call succeeded (the JVM then writes the archive). */
    public static void main(String[] args) throws Exception {
        BeepCli.presetLogLevel(new String[] {"--log-level", "error"});
        PrintWriter discard = new PrintWriter(Writer.nullWriter());
        CommandLine all = BeepCli.newCommandLine();
        all.usage(discard);
        all.getSubcommands().values().forEach(sub -> sub.usage(discard));

        CommandLine serveLine = BeepCli.newCommandLine(new String[] {"serve"});
        serveLine.setOut(discard);
        serveLine.setErr(discard);
        ServeCommand serve = serveLine.getSubcommands().get("serve").getCommand();
        CompletableFuture<Integer> serving = CompletableFuture.supplyAsync(
                () -> serveLine.execute("serve", "--port", "0", "--duration", "30s"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (serve.boundPort() < 0 && !serving.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        int code = ExitCodes.INTERNAL;
        if (serve.boundPort() >= 0) {
            String[] call = {"call", "127.0.0.1:" + serve.boundPort(), StandardProfiles.ECHO, "--timeout", "10s",
                    "-d", "x".repeat(64)};
            CommandLine callLine = BeepCli.newCommandLine(call);
            callLine.setOut(discard);
            callLine.setErr(discard);
            code = callLine.execute(call);
            serve.requestStop();
            serving.get(30, TimeUnit.SECONDS);
        }
        System.exit(code);
    }
}
