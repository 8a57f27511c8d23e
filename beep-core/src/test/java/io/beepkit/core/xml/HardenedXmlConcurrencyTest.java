package io.beepkit.core.xml;

import io.beepkit.api.BeepProtocolException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link HardenedXml} parses on many threads at once (every event loop parses channel-0 XML) without a lock shared
 * between them: each parse has a reader of its own, and results never mix.
 */
class HardenedXmlConcurrencyTest {

    private static String number(String xml) {
        return HardenedXml.parse(xml, "test XML", r -> r.attribute("number"));
    }

    @Test
    @DisplayName("documents parsed on many threads at once each give their own result")
    void parallelParsesDoNotMix() throws Exception {
        int threads = 8;
        int perThread = 3_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * perThread;
                results.add(pool.submit(() -> {
                    go.await();
                    int wrong = 0;
                    for (int i = 0; i < perThread; i++) {
                        String n = Integer.toString(base + i);
                        if (!n.equals(number("<start number='" + n + "' uri='x:" + n + "'/>"))) {
                            wrong++;
                        }
                    }
                    return wrong;
                }));
            }
            go.countDown();
            for (Future<Integer> f : results) {
                assertEquals(0, f.get(60, TimeUnit.SECONDS), "parses that returned another document's value");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @DisplayName("a parse inside another's root reader has a parser of its own")
    void nestedParse() {
        String outer = HardenedXml.parse("<outer number='1'/>", "outer XML", r -> {
            String inner = number("<inner number='2'/>");
            return r.attribute("number") + inner;
        });
        assertEquals("12", outer);
    }

    @Test
    @DisplayName("a refused document leaves the parser usable for the next one")
    void refusalThenParse() {
        for (int i = 0; i < 32; i++) {
            assertThrows(BeepProtocolException.class, () -> number("<a number='1'/><b/>"));
            assertThrows(BeepProtocolException.class, () -> number("<!DOCTYPE a><a number='1'/>"));
            assertEquals("7", number("<a number='7'/>"));
        }
    }
}
