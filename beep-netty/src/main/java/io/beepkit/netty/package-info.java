/**
 * BEEP on Netty: {@link io.beepkit.netty.BeepServer} and {@link io.beepkit.netty.BeepClient}, their settings
 * ({@link io.beepkit.netty.SessionConfig} and its groups, {@link io.beepkit.netty.SocketTuning}) and Netty-specific views and
 * handlers.
 */
@NullMarked
package io.beepkit.netty;

import org.jspecify.annotations.NullMarked;
