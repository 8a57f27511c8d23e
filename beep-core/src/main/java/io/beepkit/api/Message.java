package io.beepkit.api;

/**
 * A complete MSG received on a channel.
 *
 * @param channel the channel it arrived on
 * @param msgno   its message number (unique among the peer's MSGs awaiting our reply on that channel)
 * @param entity  its payload as a MIME entity
 */
public record Message(BeepChannel channel, int msgno, MimeEntity entity) {
}
