/**
 * Actuator support for beepkit's auto-configured listener and clients: Micrometer meters, observations of handlers
 * and template calls with the logging MDC ({@code beep.observations.enabled}), health indicators and the read-only
 * {@code beep} endpoint. Each acts only when the application has the Actuator part it needs.
 */
package io.beepkit.spring.boot.actuator;
