/**
 * A {@link io.beepkit.syslog.SyslogConsumer} that appends messages to a file, as JSON lines or escaped text, with
 * size and time rotation and a stated fsync policy: {@link io.beepkit.syslog.file.FileSyslogSink}.
 */
@NullMarked
package io.beepkit.syslog.file;

import org.jspecify.annotations.NullMarked;
