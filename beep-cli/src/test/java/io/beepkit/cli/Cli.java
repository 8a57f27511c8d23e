package io.beepkit.cli;

import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Runs the real commands in-process with captured standard output and error. */
final class Cli {
    private Cli() {
    }

    record Result(int code, String out, String err) {
        /** The error output as lines (empty lines dropped). */
        String[] errLines() {
            return err.lines().filter(l -> !l.isBlank()).toArray(String[]::new);
        }

        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    static Result run(String... args) {
        return run(cmd -> { }, args);
    }

    /** {@code beep syslog send ARGS} with {@code input} as its standard input. */
    static Result syslogSend(String input, String... args) {
        String[] full = new String[args.length + 2];
        full[0] = "syslog";
        full[1] = "send";
        System.arraycopy(args, 0, full, 2, args.length);
        return run(cmd -> ((SyslogSendCommand) cmd.getSubcommands().get("syslog").getSubcommands().get("send")
                .getCommand()).stdin = new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), full);
    }

    static Result run(Consumer<CommandLine> setup, String... args) {
        CommandLine cmd = BeepCli.newCommandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        setup.accept(cmd);
        int code = cmd.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    /** A {@code beep serve} running in the background; {@link #close()} stops it like SIGINT would. */
    static final class Server implements AutoCloseable {
        final CommandLine cmd = BeepCli.newCommandLine();
        final ServeCommand serve = cmd.getSubcommands().get("serve").getCommand();
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final CompletableFuture<Integer> exit;

        Server(String... extraArgs) throws InterruptedException {
            cmd.setOut(new PrintWriter(out, true));
            cmd.setErr(new PrintWriter(err, true));
            String[] args = new String[extraArgs.length + 3];
            args[0] = "serve";
            args[1] = "--port";
            args[2] = "0";
            System.arraycopy(extraArgs, 0, args, 3, extraArgs.length);
            exit = CompletableFuture.supplyAsync(() -> cmd.execute(args));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (serve.boundPort() < 0) {
                if (exit.isDone() || System.nanoTime() > deadline) {
                    fail("serve did not start: " + out + err);
                }
                Thread.sleep(10);
            }
        }

        int port() {
            return serve.boundPort();
        }

        String address() {
            return "127.0.0.1:" + port();
        }

        String output() {
            return out.toString();
        }

        /** Waits until the serve output contains {@code text}. */
        void awaitOutput(String text) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!output().contains(text)) {
                assertTrue(System.nanoTime() < deadline, "serve output lacks '" + text + "':\n" + output());
                Thread.sleep(10);
            }
        }

        /** Waits until a line of the serve output matches {@code regex}. */
        void awaitLine(String regex) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (output().lines().noneMatch(l -> l.matches(regex))) {
                assertTrue(System.nanoTime() < deadline, "no serve output line matches " + regex + ":\n" + output());
                Thread.sleep(10);
            }
        }

        /** Stops the listener and returns its exit code. */
        int stop() throws Exception {
            serve.requestStop();
            return exit.get(15, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws ExecutionException, TimeoutException {
            if (!exit.isDone()) {
                serve.requestStop();
                try {
                    exit.get(15, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
