/**
 * The public API of beepkit, free of any transport: sessions, channels, messages, replies, profile handlers and
 * the exceptions they report.
 */
@NullMarked
package io.beepkit.api;

import org.jspecify.annotations.NullMarked;
