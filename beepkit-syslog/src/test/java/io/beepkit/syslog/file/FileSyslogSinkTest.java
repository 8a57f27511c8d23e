package io.beepkit.syslog.file;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogSender;
import io.beepkit.syslog.SyslogTransport;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FileSyslogSinkTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    @TempDir
    Path dir;

    private static SyslogMessage message(String text) {
        return SyslogMessage.builder().transport(SyslogTransport.RAW).text(text).message(text).build();
    }

    @Test
    void jsonLinesFromManyThreadsAreAllWrittenBeforeTheirAcknowledgement() throws Exception {
        Path file = dir.resolve("syslog.jsonl");
        ExecutorService threads = Executors.newFixedThreadPool(4);
        teardown.onClose(threads::shutdownNow);
        try (FileSyslogSink sink = FileSyslogSink.builder(file).build()) {
            List<CompletableFuture<Void>> acks = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                acks.add(CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < 500; i++) {
                        sink.accept(message("t" + thread + " line " + i)).toCompletableFuture().join();
                    }
                }, threads));
            }
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            List<String> lines = Files.readAllLines(file);
            assertEquals(2000, lines.size());
            assertTrue(lines.stream().allMatch(l -> l.startsWith("{\"@timestamp\":") && l.endsWith("}")), lines.get(0));
            assertTrue(lines.contains(lines.stream().filter(l -> l.contains("\"message\":\"t3 line 499\"")).findFirst()
                    .orElseThrow()));
            assertEquals(2000, sink.written());
        }
    }

    /** The text format never writes a device's control characters raw. */
    @Test
    void aRawLineWithEscAndBelReachesATextSinkEscapedOverARealSession() throws Exception {
        Path file = dir.resolve("syslog.log");
        try (FileSyslogSink sink = FileSyslogSink.builder(file).format(FileSyslogSink.Format.TEXT).build();
             BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                     .profiles(SyslogCollector.builder().consumer(sink).build().register(new ProfileRegistry()))
                     .build().start().join();
             BeepClient client = BeepClient.builder().build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
            try (SyslogSender cooked = SyslogSender.cooked(s, null).get(10, TimeUnit.SECONDS)) {
                // XML cannot carry ESC or BEL (COOKED replaces them), but it carries TAB.
                cooked.send("<34>Oct 11 22:14:15 host su: a\tb").get(10, TimeUnit.SECONDS);
                // COOKED's <ok /> came back: the line is in the file already.
                assertEquals(List.of("<34>Oct 11 22:14:15 host su: a#011b"), Files.readAllLines(file));
            }
            try (SyslogSender raw = SyslogSender.raw(s).get(10, TimeUnit.SECONDS)) {
                raw.send("<34>Oct 11 22:14:16 host su: raw\u001b]0;title\u0007").get(10, TimeUnit.SECONDS);
            }
            s.close().get(10, TimeUnit.SECONDS);
        }
        String all = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(all.contains("raw#033]0;title#007"), all);
        assertFalse(all.chars().anyMatch(c -> c < 0x20 && c != '\n'), "no raw control character: " + all);
    }

    @Test
    void aLineTornByACrashIsEndedBeforeTheNextIsAppended() throws Exception {
        Path file = dir.resolve("syslog.log");
        // What a collector killed in the middle of a write leaves: a whole line, then part of one.
        Files.writeString(file, "<13>whole\n<13>tor", StandardCharsets.UTF_8);
        try (FileSyslogSink sink = FileSyslogSink.builder(file).format(FileSyslogSink.Format.TEXT).build()) {
            sink.accept(message("<13>after restart")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        assertEquals(List.of("<13>whole", "<13>tor", "<13>after restart"), Files.readAllLines(file));
        try (FileSyslogSink sink = FileSyslogSink.builder(file).format(FileSyslogSink.Format.TEXT).build()) {
            sink.accept(message("<13>again")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        // A file that ends whole gets no empty line.
        assertEquals(List.of("<13>whole", "<13>tor", "<13>after restart", "<13>again"), Files.readAllLines(file));
    }

    @Test
    void sizeRotationShiftsNamesAndKeepsTheNewest() throws Exception {
        Path file = dir.resolve("s.log");
        try (FileSyslogSink sink = FileSyslogSink.builder(file).format(FileSyslogSink.Format.TEXT).rotateSize(1000)
                .keep(2).build()) {
            for (int i = 0; i < 100; i++) {
                sink.accept(message(String.format("line %03d %s", i, "x".repeat(40)))).toCompletableFuture()
                        .get(10, TimeUnit.SECONDS);
            }
        }
        assertTrue(Files.size(file) <= 1000, "the current file stays under the size: " + Files.size(file));
        assertTrue(Files.exists(dir.resolve("s.log.1")) && Files.exists(dir.resolve("s.log.2")));
        assertFalse(Files.exists(dir.resolve("s.log.3")), "keep(2)");
        List<String> current = Files.readAllLines(file);
        assertTrue(current.get(current.size() - 1).startsWith("line 099 "), current.toString());
        List<String> previous = Files.readAllLines(dir.resolve("s.log.1"));
        int last = Integer.parseInt(previous.get(previous.size() - 1).substring(5, 8));
        int first = Integer.parseInt(current.get(0).substring(5, 8));
        assertEquals(last + 1, first, "rotation loses no line between files");
    }

    @Test
    void timeRotation() throws Exception {
        Path file = dir.resolve("t.log");
        try (FileSyslogSink sink = FileSyslogSink.builder(file).format(FileSyslogSink.Format.TEXT)
                .rotateInterval(Duration.ofMillis(100)).fsync(FsyncPolicy.interval(Duration.ofMillis(50))).build()) {
            sink.accept(message("first")).toCompletableFuture().get(10, TimeUnit.SECONDS);
            Thread.sleep(250);
            sink.accept(message("second")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        assertEquals(List.of("first"), Files.readAllLines(dir.resolve("t.log.1")));
        assertEquals(List.of("second"), Files.readAllLines(file));
    }

    /** A write that fails refuses the message (ERR 451 for the device): nothing unstored is acknowledged. */
    @Test
    void aFailedWriteRefusesTheMessage() throws Exception {
        Path notAFile = Files.createDirectory(dir.resolve("a-directory"));
        try (FileSyslogSink sink = FileSyslogSink.builder(notAFile).build()) {
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> sink.accept(message("lost?")).toCompletableFuture().get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof java.io.IOException, e.toString());
            assertEquals(0, sink.written());
        }
    }

    @Test
    void afterCloseMessagesAreRefusedAndTheQueuedOnesAreWritten() throws Exception {
        Path file = dir.resolve("c.log");
        FileSyslogSink sink = FileSyslogSink.builder(file).fsync(FsyncPolicy.never()).build();
        List<CompletableFuture<Void>> acks = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            acks.add(sink.accept(message("m" + i)).toCompletableFuture());
        }
        sink.close();
        for (CompletableFuture<Void> ack : acks) {
            assertTrue(ack.isDone(), "every stage completes by close()");
        }
        assertEquals(1000, Files.readAllLines(file).size());
        assertThrows(ExecutionException.class, () -> sink.accept(message("late")).toCompletableFuture().get());
    }

    @Test
    void fsyncPolicyParsesAndNamesBadValues() {
        assertTrue(FsyncPolicy.parse("every-batch").forcesEveryBatch());
        assertTrue(FsyncPolicy.parse("NEVER").isNever());
        assertEquals(Duration.ofSeconds(1), FsyncPolicy.parse("1s").interval());
        assertEquals(Duration.ofMillis(250), FsyncPolicy.parse("250ms").interval());
        assertEquals(Duration.ofSeconds(2), FsyncPolicy.parse("PT2S").interval());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FsyncPolicy.parse("often"));
        assertTrue(e.getMessage().contains("often"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FsyncPolicy.parse("0s"));
        assertThrows(IllegalArgumentException.class, () -> FileSyslogSink.builder(Path.of("x")).rotateSize(-1));
    }
}
