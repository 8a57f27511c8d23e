/**
 * The Logback appender ({@code beepkit-logback}) from outside: {@link io.beepkit.bench.logging.LoggingService}, an
 * application in a JVM of its own logging numbered lines, and {@link io.beepkit.bench.logging.FileCollectorProcess},
 * {@code beep syslog receive -o FILE} as a process that the crash test kills with SIGKILL.
 */
package io.beepkit.bench.logging;
