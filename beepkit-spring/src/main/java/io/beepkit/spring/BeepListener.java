package io.beepkit.spring;

import org.springframework.aot.hint.annotation.Reflective;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Serves a profile with a method of a singleton Spring bean: the auto-configured listener offers {@link #profile()}
 * and calls the method once per MSG on a channel of that profile.
 *
 * <pre>{@code
 * @Component
 * class Orders {
 *     @BeepListener(profile = "urn:example:orders")
 *     Confirmation place(Order order, BeepSession session) { ... }
 * }
 * }</pre>
 *
 * <p>Parameters: at most one payload, converted from the MSG's MIME entity by {@link BeepPayloadConverter} according
 * to its {@code Content-Type}; and any of {@link io.beepkit.api.BeepChannel}, {@link io.beepkit.api.BeepSession},
 * {@link io.beepkit.api.Message}, {@link io.beepkit.api.MimeEntity} (the entity as received), and a {@code Map}
 * annotated with {@link org.springframework.messaging.handler.annotation.Headers @Headers} (the MIME headers).
 * The return value becomes the RPY's entity; {@code void} or null sends an empty RPY, and a
 * {@link java.util.concurrent.CompletionStage} replies when it completes. A
 * {@link io.beepkit.api.BeepErrorException} becomes an ERR with its code and text; an entity that cannot be read
 * gives ERR 501; any other failure gives ERR 550 without details, and is logged. The method runs on the session's
 * callback executor, never on an I/O thread, so it may block; MSGs of one session are handled one at a time.
 *
 * <p>Under Spring AOT the method and its payload and reply types get the reflection hints a native image needs.
 *
 * <p>A profile URI served twice (two methods, or a method and a {@link BeepProfile} or {@code ProfileRegistration}
 * bean) fails start-up naming the URI and both sources.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Reflective(BeepListenerReflectiveProcessor.class)
public @interface BeepListener {
    /** @return the profile URI the method serves, offered in the listener's greeting */
    String profile();
}
