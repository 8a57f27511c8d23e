package io.beepkit.netty.internal;

import io.beepkit.netty.ListenerLimits;

/**
 * What only a listener's pipeline needs: its limits over all sessions and whether a PROXY protocol header comes
 * before every greeting.
 *
 * @param limits        connections in all and per address, and the memory all sessions may hold
 * @param proxyProtocol true when every connection starts with a PROXY protocol header
 */
public record ListenerSetup(ListenerLimits limits, boolean proxyProtocol) {
}
