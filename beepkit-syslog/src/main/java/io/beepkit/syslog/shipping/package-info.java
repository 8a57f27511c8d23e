/**
 * Shipping an application's own log events to an RFC 3195 collector: a {@link io.beepkit.syslog.shipping.LogShipper}
 * takes {@link io.beepkit.syslog.shipping.LogEvent}s from logging threads into a bounded queue (an enqueue, no I/O)
 * and delivers them from a thread of its own, at least once, over a session it keeps up. The Logback and Log4j 2
 * appenders ({@code beepkit-logback}, {@code beepkit-log4j2}) are thin layers over it.
 */
@NullMarked
package io.beepkit.syslog.shipping;

import org.jspecify.annotations.NullMarked;
