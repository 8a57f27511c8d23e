package io.beepkit.api;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** What to ask for when starting a channel: profiles in order of preference, with optional init data. */
public final class ChannelRequest {
    private final List<ProfileOffer> profiles;
    private final @Nullable String serverName;
    private final @Nullable ProfileHandler handler;

    private ChannelRequest(Builder b) {
        this.profiles = List.copyOf(b.profiles);
        this.serverName = b.serverName;
        this.handler = b.handler;
    }

    /** One profile offered in a start request. */
    public static final class ProfileOffer {
        private final String uri;
        private final @Nullable String initData;
        private final boolean base64;

        /** Checks that {@code uri} is present. */
        public ProfileOffer(String uri, @Nullable String initData, boolean base64) {
            Objects.requireNonNull(uri, "uri");
            this.uri = uri;
            this.initData = initData;
            this.base64 = base64;
        }

        /** The profile's URI. */
        public String uri() {
            return uri;
        }

        /** Initialization data to piggyback on the start, or null for none. */
        public @Nullable String initData() {
            return initData;
        }

        /** Whether the init data is base64-encoded on the wire. */
        public boolean base64() {
            return base64;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ProfileOffer that
                    && Objects.equals(uri, that.uri)
                    && Objects.equals(initData, that.initData)
                    && base64 == that.base64;
        }

        @Override
        public int hashCode() {
            return Objects.hash(uri, initData, base64);
        }

        @Override
        public String toString() {
            return "ProfileOffer[uri=" + uri + ", initData=" + initData + ", base64=" + base64 + "]";
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
    public @Nullable String serverName() {
        return serverName;
    }

    /** Handler for MSGs the peer sends on the channel, or null to use the session's profile registry. */
    public @Nullable ProfileHandler handler() {
        return handler;
    }

    /** Builds a {@link ChannelRequest}. */
    public static final class Builder {
        private final List<ProfileOffer> profiles = new ArrayList<>();
        private @Nullable String serverName;
        private @Nullable ProfileHandler handler;

        /** Offers the profile {@code uri}, without piggybacked init data. */
        public Builder profile(String uri) {
            profiles.add(new ProfileOffer(uri, null, false));
            return this;
        }

        /** Offers {@code uri} with piggybacked init data, base64-encoded on the wire if {@code base64}. */
        public Builder profile(String uri, @Nullable String initData, boolean base64) {
            profiles.add(new ProfileOffer(uri, initData, base64));
            return this;
        }

        /**
         * Adds {@code serverName} to the start element (null for none, the default). Some peers drop such starts, so
         * it is optional.
         */
        public Builder serverName(@Nullable String serverName) {
            this.serverName = serverName;
            return this;
        }

        /**
         * Handles the peer's MSGs on the new channel; null (the default) uses the handler registered for the chosen
         * profile.
         */
        public Builder handler(@Nullable ProfileHandler handler) {
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
