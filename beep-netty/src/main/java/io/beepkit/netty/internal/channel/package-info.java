/**
 * One channel's state, each part owned by one piece of the session engine: lifecycle, outbound queue, receive
 * state, exchanges in progress, close handshakes; and the channel's public face.
 *
 * <p><b>Internal and unstable:</b> not part of the public API; it may change in any release without notice.
 */
package io.beepkit.netty.internal.channel;
