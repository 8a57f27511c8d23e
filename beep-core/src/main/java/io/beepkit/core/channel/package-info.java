/**
 * Per-channel protocol rules that need no transport: the channel lifecycle state machine, channel numbers, msgno
 * allocation, frame continuity and the order in which replies must leave (RFC 3080 §2.3, §2.6).
 */
package io.beepkit.core.channel;
