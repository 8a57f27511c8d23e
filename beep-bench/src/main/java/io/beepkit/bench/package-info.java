/**
 * JMH benchmarks and measurement harnesses: the BEEP tiny fragment benchmark, multiplexed latency, baselines.
 */
package io.beepkit.bench;
