/**
 * Reliable syslog into Kafka across crashes ({@link io.beepkit.bench.kafka.SyslogKafkaRun}, and
 * {@code SyslogKafkaCrashTest}): a real KRaft broker and {@code beep syslog receive --kafka-...} each in a child JVM
 * on 127.0.0.1, {@code beep syslog send} COOKED devices in process, the collector killed with SIGKILL and the broker
 * restarted while they send, and the topic read back by device and sequence number.
 */
package io.beepkit.bench.kafka;
