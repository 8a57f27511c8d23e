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
        /** Checks that {@code uri} is present. */
        public ProfileOffer {
            Objects.requireNonNull(uri, "uri");
        }
    }

    /** A builder for a start request offering one or more profiles. */
    public static Builder builder() {
        return new Builder();
    }

    /** A start request offering {@code profileUris} in order of preference, without init data or serverName. */
    public static ChannelRequest of(String... profileUris) {
        Builder b = builder();
        for (String uri : profileUris) {
            b.profile(uri);
        }
        return b.build();
    }

    /** The offered profiles, in order of preference. */
    public List<ProfileOffer> profiles() {
        return profiles;
    }

    /** The serverName to send with the start (RFC 3080 §2.3.1.2), or null. */
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

        /** Offers the profile {@code uri}, without piggybacked init data. */
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

        /** Handles the peer's MSGs on the new channel; the default is the handler registered for the chosen profile. */
        public Builder handler(ProfileHandler handler) {
            this.handler = handler;
            return this;
        }

        /** The request; at least one profile must have been offered. */
        public ChannelRequest build() {
            if (profiles.isEmpty()) {
                throw new IllegalArgumentException("a start request needs at least one profile");
            }
            return new ChannelRequest(this);
        }
    }
}
