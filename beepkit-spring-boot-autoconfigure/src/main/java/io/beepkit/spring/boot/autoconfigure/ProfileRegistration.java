package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileHandler;

import java.util.Objects;

/**
 * A profile handler and its URI as one bean, for handlers written as lambdas:
 *
 * <pre>{@code
 * @Bean
 * ProfileRegistration upper() {
 *     return new ProfileRegistration("urn:example:upper",
 *             (msg, r) -> r.reply(MimeEntity.of(msg.entity().bodyText().toUpperCase())));
 * }
 * }</pre>
 *
 * <p>A final class rather than a record, so that a later version can carry more than the URI and handler without
 * changing the shape of its public constructor.
 */
public final class ProfileRegistration {
    private final String uri;
    private final ProfileHandler handler;

    /**
     * @param uri     the profile URI offered in the greeting
     * @param handler what serves channels of that profile
     * @throws NullPointerException if either is null
     */
    public ProfileRegistration(String uri, ProfileHandler handler) {
        this.uri = Objects.requireNonNull(uri, "uri");
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    /**
     * As {@link #ProfileRegistration(String, ProfileHandler)} for a message handler: lets a lambda
     * {@code (message, responder) -> ...} stand in.
     */
    public ProfileRegistration(String uri, MessageHandler handler) {
        this(uri, (ProfileHandler) handler);
    }

    /** @return the profile URI offered in the greeting */
    public String uri() {
        return uri;
    }

    /** @return what serves channels of that profile */
    public ProfileHandler handler() {
        return handler;
    }

    @Override
    public String toString() {
        return "ProfileRegistration[" + uri + "]";
    }
}
