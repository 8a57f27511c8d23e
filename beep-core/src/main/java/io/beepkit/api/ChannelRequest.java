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
    private final int receiveWindow;

    private ChannelRequest(Builder b) {
        this.profiles = List.copyOf(b.profiles);
        this.serverName = b.serverName;
        this.handler = b.handler;
        this.receiveWindow = b.receiveWindow;
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

    /**
     * The fixed receive window the new channel advertises, or 0 (the default) for the session's socket profile
     * (its initial window, grown automatically where the profile says so).
     */
    public int receiveWindow() {
        return receiveWindow;
    }

    /** Builds a {@link ChannelRequest}. */
    public static final class Builder {
        private final List<ProfileOffer> profiles = new ArrayList<>();
        private @Nullable String serverName;
        private @Nullable ProfileHandler handler;
        private int receiveWindow;

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
         * Handles the peer's MSGs on the new channel (a {@link MessageHandler} or a {@link StreamingHandler}); null
         * (the default) uses the handler registered for the chosen profile.
         */
        public Builder handler(@Nullable ProfileHandler handler) {
            this.handler = handler;
            return this;
        }

        /** As {@link #handler(ProfileHandler)}; lets a lambda {@code (message, responder) -> ...} stand in. */
        public Builder handler(@Nullable MessageHandler handler) {
            return handler((ProfileHandler) handler);
        }

        /**
         * Fixes the receive window of the new channel at {@code octets}, in place of the session's socket profile:
         * no automatic growth, and no SEQ at all when it is the RFC's default of 4096 (RFC 3081 §3.1.1), since every
         * channel starts with that window. A channel that only ever receives small messages (a syslog device's RAW
         * or COOKED channel) keeps 4096 and so never sends a SEQ, which some peers cannot parse. 0 (the default)
         * uses the profile.
         *
         * @throws IllegalArgumentException when {@code octets} is neither 0 nor 4096 or more
         */
        public Builder receiveWindow(int octets) {
            if (octets != 0 && octets < 4096) {
                throw new IllegalArgumentException("receiveWindow must be 0 (the socket profile's) or at least 4096 "
                        + "(the window every channel starts with), was " + octets);
            }
            this.receiveWindow = octets;
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
