package io.beepkit.spring.boot.autoconfigure;

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
 * @param uri     the profile URI offered in the greeting
 * @param handler what serves channels of that profile
 */
public record ProfileRegistration(String uri, ProfileHandler handler) {
    /** Checks that both are present. */
    public ProfileRegistration {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(handler, "handler");
    }
}
