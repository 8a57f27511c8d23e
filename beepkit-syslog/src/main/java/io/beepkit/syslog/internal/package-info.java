/** The RFC 3195 profile machinery: wire parsers and writers, the collector and device channel handlers. */
package io.beepkit.syslog.internal;
