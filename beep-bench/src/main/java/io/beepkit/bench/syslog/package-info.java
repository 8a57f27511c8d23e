/**
 * Reliable syslog into a file, measured as a user runs it ({@link io.beepkit.bench.syslog.SyslogFileRun}): the
 * collector and a device each in a JVM of its own on 127.0.0.1, whole-run and steady-state rates and each JVM's CPU.
 */
package io.beepkit.bench.syslog;
