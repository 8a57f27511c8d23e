package io.beepkit.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Registers a {@link io.beepkit.api.ProfileHandler} bean (a {@link io.beepkit.api.MessageHandler} or a
 * {@link io.beepkit.api.StreamingHandler}) with the auto-configured listener under a profile URI:
 *
 * <pre>{@code
 * @Component
 * @BeepProfile("urn:example:upper")
 * class UpperHandler implements MessageHandler { ... }
 * }</pre>
 *
 * On a {@code @Bean} method it applies to the bean it returns. A handler bean without this annotation fails start-up;
 * register lambdas with a {@code ProfileRegistration} bean instead.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface BeepProfile {
    /** @return the profile URI the handler serves */
    String value();
}
