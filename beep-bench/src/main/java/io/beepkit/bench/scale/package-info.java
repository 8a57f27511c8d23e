/**
 * Scale on one listener ({@link io.beepkit.bench.scale.ScaleRun}): as many idle sessions as one process may hold
 * descriptors for, the listener's live heap per session and per channel from class histograms, the accept rate, and
 * the echo latency of a fresh session among them.
 */
package io.beepkit.bench.scale;
