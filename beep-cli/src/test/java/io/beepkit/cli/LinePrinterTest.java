package io.beepkit.cli;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link LinePrinter}: lines in order, and a producer never waits for a standard output nobody reads. */
class LinePrinterTest {

    @Test
    @DisplayName("lines come out in the order they were printed, all of them by close()")
    void inOrder() throws Exception {
        StringWriter text = new StringWriter();
        LinePrinter printer = new LinePrinter(new PrintWriter(text));
        for (int i = 0; i < 1_000; i++) {
            printer.print("line " + i);
        }
        printer.close();
        List<String> lines = text.toString().lines().toList();
        assertEquals(1_000, lines.size());
        for (int i = 0; i < lines.size(); i++) {
            assertEquals("line " + i, lines.get(i));
        }
    }

    @Test
    @DisplayName("while standard output blocks, printing returns at once; lines beyond the queue are counted as lost")
    void blockedOutputDoesNotBlockProducers() throws Exception {
        CountDownLatch unblock = new CountDownLatch(1);
        StringWriter text = new StringWriter();
        Writer blocking = new Writer() {
            @Override
            public void write(char[] buf, int off, int len) {
                try {
                    unblock.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                text.write(buf, off, len);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        LinePrinter printer = new LinePrinter(new PrintWriter(blocking));
        int total = LinePrinter.CAPACITY + 500;
        CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < total; i++) {
                printer.print("line " + i);
            }
        });
        // The writer is stuck on the first line: a printer that wrote on the producer's thread would be stuck too.
        producer.get(30, TimeUnit.SECONDS);
        assertTrue(printer.dropped() > 0, "lines beyond the queue's capacity are dropped, not waited for");
        unblock.countDown();
        printer.close();
        List<String> lines = text.toString().lines().toList();
        assertEquals("line 0", lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.matches("\\d+ lines? not printed: standard output was not read fast "
                + "enough")), "the loss is reported: " + lines.subList(0, Math.min(3, lines.size())));
        assertTrue(lines.size() < total + 1, "lines written: " + lines.size());
    }
}
