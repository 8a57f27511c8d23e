/**
 * Reliable syslog over BEEP (RFC 3195): the RAW and COOKED profiles on both sides. A collector
 * ({@link io.beepkit.syslog.SyslogCollector}) hands each arriving message, typed as a {@link io.beepkit.syslog.SyslogMessage},
 * to a {@link io.beepkit.syslog.SyslogConsumer} and lets the window reopen only once the consumer has acknowledged
 * it; a device ({@link io.beepkit.syslog.SyslogSender}) sends lines over a session it has opened.
 */
@NullMarked
package io.beepkit.syslog;

import org.jspecify.annotations.NullMarked;
