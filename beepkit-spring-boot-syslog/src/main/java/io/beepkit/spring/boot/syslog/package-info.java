/**
 * Spring Boot auto-configuration of an RFC 3195 syslog collector ({@code beep.syslog.*}): its own listener, built
 * and run as the BEEP listener of {@code beepkit-spring-boot-autoconfigure} is, delivering to a {@code SyslogConsumer}
 * bean, to Kafka ({@code beep.syslog.sink=kafka} with {@code beepkit-syslog-kafka}) or as application events.
 */
package io.beepkit.spring.boot.syslog;
