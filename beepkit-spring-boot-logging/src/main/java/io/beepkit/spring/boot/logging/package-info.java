/**
 * Ships a Spring Boot application's own logs to RFC 3195 collectors ({@code beep.logging.*}): a
 * {@code BeepSyslogAppender} of {@code beepkit-logback} on Logback's root logger from the environment's preparation
 * to the context's close, and its counts as meters.
 */
package io.beepkit.spring.boot.logging;
