/**
 * A Kafka sink for an RFC 3195 collector: {@link io.beepkit.syslog.kafka.KafkaSyslogSink} is a
 * {@link io.beepkit.syslog.SyslogConsumer} that writes each message as one JSON record
 * ({@link io.beepkit.syslog.SyslogJsonEncoder}) and completes its acknowledgement when the broker has acknowledged
 * the record, so a device's message is acknowledged only once it is in Kafka.
 */
@NullMarked
package io.beepkit.syslog.kafka;

import org.jspecify.annotations.NullMarked;
