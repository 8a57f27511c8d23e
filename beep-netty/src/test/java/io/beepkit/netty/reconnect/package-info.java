/** Tests of {@link io.beepkit.netty.ManagedSession} and {@link io.beepkit.netty.ReconnectPolicy}. */
package io.beepkit.netty.reconnect;
