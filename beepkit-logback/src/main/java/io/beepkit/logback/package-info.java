/**
 * {@link io.beepkit.logback.BeepSyslogAppender}: Logback events to an RFC 3195 collector over BEEP, at least once,
 * configured from {@code logback.xml}.
 */
@NullMarked
package io.beepkit.logback;

import org.jspecify.annotations.NullMarked;
