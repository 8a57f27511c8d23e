/**
 * Spring Boot auto-configuration for beepkit: {@code beep.*} properties ({@link
 * io.beepkit.spring.boot.autoconfigure.BeepProperties}), a listener bound with the context, a client, handler
 * registration ({@link io.beepkit.spring.boot.autoconfigure.BeepProfile}), customizers, Micrometer meters, a
 * health indicator, and the programming model: {@link io.beepkit.spring.boot.autoconfigure.BeepListener} methods and
 * {@link io.beepkit.spring.boot.autoconfigure.BeepTemplate}s for the named clients. {@code docs/spring-boot.md} lists every property.
 */
package io.beepkit.spring.boot.autoconfigure;
