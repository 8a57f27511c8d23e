/**
 * Diagnostics for tools built on beepkit (the {@code beep} command line, the benchmarks, an application's own
 * probes): {@link io.beepkit.netty.diagnostics.FailureText} puts a connection failure in words that always name its
 * cause, and {@link io.beepkit.netty.diagnostics.TcpSegmentCounter} reads the host's count of TCP segments sent.
 */
@NullMarked
package io.beepkit.netty.diagnostics;

import org.jspecify.annotations.NullMarked;
