package io.beepkit.api;

/**
 * A peer asks to start a channel on one of our profiles.
 *
 * @param session    the session
 * @param number     the channel number the peer chose
 * @param profileUri the profile picked (the first of the peer's list that we support)
 * @param initData   piggybacked initialization data from the start request, or null
 * @param serverName the serverName attribute of the start, or null
 */
public record ChannelStartRequest(BeepSession session, int number, String profileUri, String initData,
                                  String serverName) {
}
