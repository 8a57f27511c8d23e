package io.beepkit.api;

import org.jspecify.annotations.Nullable;

/**
 * A peer asks to start a channel on one of our profiles.
 */
public final class ChannelStartRequest {
    private final BeepSession session;
    private final int number;
    private final String profileUri;
    private final @Nullable String initData;
    private final @Nullable String serverName;

    /** A request as the engine hands it to a {@link ProfileHandler}; see the accessors for each part. */
    public ChannelStartRequest(BeepSession session, int number, String profileUri, @Nullable String initData,
                               @Nullable String serverName) {
        this.session = session;
        this.number = number;
        this.profileUri = profileUri;
        this.initData = initData;
        this.serverName = serverName;
    }

    /** The session. */
    public BeepSession session() {
        return session;
    }

    /** The channel number the peer chose. */
    public int number() {
        return number;
    }

    /** The profile picked (the first of the peer's list that we support). */
    public String profileUri() {
        return profileUri;
    }

    /** Piggybacked initialization data from the start request, or null. */
    public @Nullable String initData() {
        return initData;
    }

    /** The serverName attribute of the start, or null. */
    public @Nullable String serverName() {
        return serverName;
    }
}
