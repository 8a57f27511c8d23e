/**
 * The Spring programming model of beepkit: {@link io.beepkit.spring.BeepListener} methods and
 * {@link io.beepkit.spring.BeepProfile} handler beans served by a listener, {@link io.beepkit.spring.BeepTemplate}s
 * sending converted payloads through a reconnecting session, the {@link io.beepkit.spring.BeepPayloadConverter}
 * both use, and the decorators that wrap handlers and template channels. Spring Boot wires it
 * ({@code beepkit-spring-boot-autoconfigure}); without Boot, {@link io.beepkit.spring.BeepListenerMethods} and
 * {@link io.beepkit.spring.BeepTemplates} are built directly.
 */
@NullMarked
package io.beepkit.spring;

import org.jspecify.annotations.NullMarked;
