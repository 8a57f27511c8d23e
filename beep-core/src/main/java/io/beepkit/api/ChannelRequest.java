package io.beepkit.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** What to ask for when starting a channel: profiles in order of preference, with optional init data. */
public final class ChannelRequest {
    private final List<ProfileOffer> profiles;
    private final String serverName;
    private final ProfileHandler handler;

    private ChannelRequest(Builder b) {
        this.profiles = List.copyOf(b.profiles);
        this.serverName = b.serverName;
        this.handler = b.handler;
    }

    /** One profile offered in a start request. */
    public record ProfileOffer(String uri, String initData, boolean base64) {
        public ProfileOffer {
            Objects.requireNonNull(uri, "uri");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public static ChannelRequest of(String... profileUris) {
        Builder b = builder();
        for (String uri : profileUris) {
            b.profile(uri);
        }
        return b.build();
    }

    public List<ProfileOffer> profiles() {
        return profiles;
    }

    public String serverName() {
        return serverName;
    }

    /** Handler for MSGs the peer sends on the channel, or null to use the session's profile registry. */
    public ProfileHandler handler() {
        return handler;
    }

    /** Builds a {@link ChannelRequest}. */
    public static final class Builder {
        private final List<ProfileOffer> profiles = new ArrayList<>();
        private String serverName;
        private ProfileHandler handler;

        public Builder profile(String uri) {
            profiles.add(new ProfileOffer(uri, null, false));
            return this;
        }

        /** Offers {@code uri} with piggybacked init data, base64-encoded on the wire if {@code base64}. */
        public Builder profile(String uri, String initData, boolean base64) {
            profiles.add(new ProfileOffer(uri, initData, base64));
            return this;
        }

        /** Adds {@code serverName} to the start element. Some peers drop such starts, so it is optional. */
        public Builder serverName(String serverName) {
            this.serverName = serverName;
            return this;
        }

        public Builder handler(ProfileHandler handler) {
            this.handler = handler;
            return this;
        }

        public ChannelRequest build() {
            if (profiles.isEmpty()) {
                throw new IllegalArgumentException("a start request needs at least one profile");
            }
            return new ChannelRequest(this);
        }
    }
}
