/**
 * Scenario 4 of the benchmark suite: BEEP against raw Netty TCP, Netty HTTP/2 (h2c), grpc-java and RSocket on the
 * same workloads, in the same JMH run: echoes ({@link io.beepkit.bench.baseline.EchoBaselineBenchmark}) and one-way
 * bulk messages ({@link io.beepkit.bench.baseline.StreamBaselineBenchmark}), each transport behind
 * {@link io.beepkit.bench.baseline.Transport}.
 */
package io.beepkit.bench.baseline;
