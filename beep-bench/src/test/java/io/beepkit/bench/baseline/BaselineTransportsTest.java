package io.beepkit.bench.baseline;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each scenario-4 transport over 127.0.0.1 carries the benchmark's workloads with answers of the right length: echoes
 * on several channels with several in flight, and one-way messages of the benchmark's sizes, each acknowledged.
 * {@link Workload} fails a batch on any answer of the wrong length, on a transport error or after 60 s.
 */
class BaselineTransportsTest {
    @ParameterizedTest
    @ValueSource(strings = {"grpc", "grpc-pool", "rsocket"})
    void echoesOnSeveralChannels(String name) throws Exception {
        try (Transport t = Transport.named(name)) {
            t.open(3);
            Workload.run(t, 3, 8, 600, Workload.payload(64), true);
            Workload.run(t, 3, 8, 600, Workload.payload(1024), true);
            assertEquals(1024, t.call(2, Workload.payload(1024), true).get(30, TimeUnit.SECONDS));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"grpc", "grpc-pool", "rsocket"})
    void acknowledgesEveryOneWayMessage(String name) throws Exception {
        try (Transport t = Transport.named(name)) {
            t.open(1);
            Workload.run(t, 1, StreamBaselineBenchmark.IN_FLIGHT, 64, Workload.payload(65536), false);
            Workload.run(t, 1, StreamBaselineBenchmark.IN_FLIGHT, 8, Workload.payload(1 << 20), false);
            assertEquals(0, t.call(0, Workload.payload(65536), false).get(30, TimeUnit.SECONDS));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"grpc", "rsocket"})
    void answersAreMeasuredNotAssumed(String name) throws Exception {
        // An echo taken for an acknowledgement has the wrong length; the workload must refuse it.
        try (Transport t = new MislabelledEchoes(Transport.named(name))) {
            t.open(1);
            assertThrows(IllegalStateException.class, () -> Workload.run(t, 1, 2, 10, Workload.payload(64), false));
        }
    }

    @Test
    void anUnknownTransportIsNamedInTheError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Transport.named("grcp"));
        assertTrue(e.getMessage().contains("'grcp'"), e.getMessage());
    }

    /** Sends every request as an echo, whatever the workload asked for. */
    private record MislabelledEchoes(Transport inner) implements Transport {
        @Override
        public void open(int channels) throws Exception {
            inner.open(channels);
        }

        @Override
        public CompletableFuture<Integer> call(int channel, byte[] payload, boolean echo) {
            return inner.call(channel, payload, true);
        }

        @Override
        public void close() throws Exception {
            inner.close();
        }
    }
}
