package io.beepkit.spring.boot.example;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.netty.BeepClient;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The executable jar as a user runs it, in its own JVM: it stays up on its own (the library's threads are daemons),
 * answers, and after SIGTERM (Process.destroy on Unix) an exchange under way still gets its reply and the process
 * exits by itself within the shutdown timeout plus 5 s.
 */
class ExampleProcessIT {
    private static final Pattern LISTENING = Pattern.compile("BEEP listener on /127\\.0\\.0\\.1:(\\d+)");
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(3);

    @Test
    void staysUpAnswersAndDrainsOnSigterm() throws Exception {
        Path jar = Path.of(System.getProperty("example.jar"));
        assertThat(jar).exists();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process app = new ProcessBuilder(java, "-jar", jar.toString(), "--beep.server.port=0",
                "--beep.server.shutdown-timeout=" + SHUTDOWN_TIMEOUT.toSeconds() + "s", "--example.upper.delay=1500ms",
                "--spring.main.banner-mode=off").redirectErrorStream(true).start();
        List<String> output = new CopyOnWriteArrayList<>();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread reader = new Thread(() -> read(app, output, port), "example-output");
        reader.setDaemon(true);
        reader.start();
        try (BeepClient client = BeepClient.builder().build()) {
            int listening = port.get(60, TimeUnit.SECONDS);
            Thread.sleep(3_000);
            assertThat(app.isAlive()).as("alive 3 s after start; output: %s", output).isTrue();

            BeepSession session = client.connect("127.0.0.1", listening).get(10, TimeUnit.SECONDS);
            BeepChannel channel = session.startChannel(UpperCaseHandler.URI).get(10, TimeUnit.SECONDS);
            assertThat(channel.send(MimeEntity.of("up")).get(10, TimeUnit.SECONDS).entity().bodyText())
                    .isEqualTo("UP");

            CompletableFuture<Reply> underWay = channel.send(MimeEntity.of("under way"));
            Thread.sleep(300); // the handler is now sleeping on its 1.5 s delay
            long signalled = System.nanoTime();
            app.toHandle().destroy(); // SIGTERM; Process.destroy would also close the output pipe before its last lines
            assertThat(underWay.get(10, TimeUnit.SECONDS).entity().bodyText()).isEqualTo("UNDER WAY");
            assertThat(app.waitFor(SHUTDOWN_TIMEOUT.plusSeconds(5).toSeconds(), TimeUnit.SECONDS))
                    .as("exited within the shutdown timeout + 5 s; output: %s", output).isTrue();
            System.out.printf("example: exited %d ms after SIGTERM, exit code %d%n",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalled), app.exitValue());
            reader.join(5_000);
            int stopping = lineWith(output, " stopping: ");
            assertThat(stopping).as("a stopping line; output: %s", output).isNotNegative();
            assertThat(lineWith(output, " stopped in ")).as("a stopped line after it; output: %s", output)
                    .isGreaterThan(stopping);
        } finally {
            app.destroyForcibly();
        }
    }

    private static int lineWith(List<String> output, String text) {
        for (int i = 0; i < output.size(); i++) {
            if (output.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }

    private static void read(Process app, List<String> output, CompletableFuture<Integer> port) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(app.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                output.add(line);
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    port.complete(Integer.parseInt(m.group(1)));
                }
            }
        } catch (Exception e) {
            port.completeExceptionally(e);
        }
        port.completeExceptionally(new IllegalStateException("the application ended before listening: " + output));
    }
}
