/**
 * Spring Boot auto-configuration for beepkit: {@code beep.*} properties ({@link
 * io.beepkit.spring.boot.autoconfigure.BeepProperties}), a listener bound with the context, a client, customizers, TLS
 * and SASL, and the wiring of the programming model of {@code beepkit-spring} ({@code io.beepkit.spring}:
 * {@code @BeepListener} methods, {@code @BeepProfile} beans and {@code BeepTemplate}s for the named clients). The
 * syslog collector, log shipping and Actuator support are modules of their own ({@code beepkit-spring-boot-syslog},
 * {@code -logging}, {@code -actuator}). {@code docs/spring-boot.md} lists every property.
 */
package io.beepkit.spring.boot.autoconfigure;
