package io.beepkit.api;

/**
 * A complete MSG received on a channel.
 */
public final class Message {
    private final BeepChannel channel;
    private final int msgno;
    private final MimeEntity entity;

    /** A message as the engine hands it to a {@link MessageHandler}; see the accessors for each part. */
    public Message(BeepChannel channel, int msgno, MimeEntity entity) {
        this.channel = channel;
        this.msgno = msgno;
        this.entity = entity;
    }

    /** The channel it arrived on. */
    public BeepChannel channel() {
        return channel;
    }

    /** Its message number (unique among the peer's MSGs awaiting our reply on that channel). */
    public int msgno() {
        return msgno;
    }

    /** Its payload as a MIME entity. */
    public MimeEntity entity() {
        return entity;
    }
}
