/**
 * The combined attack on a listener ({@link io.beepkit.bench.attack.AttackRun}): {@code beep serve} in a child JVM
 * with a small heap, hostile peers on 127.0.0.1 (sessions that never read, silent and half-greeted connections, huge
 * frames before the greeting), a fresh session measuring echo latency throughout, and the listener's heap, threads
 * and descriptors before, during and after.
 */
package io.beepkit.bench.attack;
