/**
 * {@link io.beepkit.log4j2.BeepSyslogAppender}, the {@code BeepSyslog} Log4j 2 plugin: log events to an RFC 3195
 * collector over BEEP, at least once, configured from {@code log4j2.xml}.
 */
@NullMarked
package io.beepkit.log4j2;

import org.jspecify.annotations.NullMarked;
