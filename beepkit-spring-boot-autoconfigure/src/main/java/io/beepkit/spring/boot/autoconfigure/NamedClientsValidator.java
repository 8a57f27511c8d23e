package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.security.SaslMechanism;
import org.springframework.util.StringUtils;
import org.springframework.validation.Errors;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Checks the named clients ({@code beep.clients.<name>.*}) for {@link BeepPropertiesValidator}, naming the property
 * and what it accepts, e.g. {@code beep.clients.orders.port must be between 1 and 65535, was 0}.
 */
final class NamedClientsValidator {
    private static final String MECHANISMS = Arrays.stream(SaslMechanism.values()).map(SaslMechanism::saslName)
            .collect(Collectors.joining(", "));
    private final Errors errors;

    NamedClientsValidator(Errors errors) {
        this.errors = errors;
    }

    void validate(Map<String, NamedClientSettings> clients) {
        clients.forEach(this::client);
    }

    private void client(String name, NamedClientSettings c) {
        if (!StringUtils.hasText(c.getHost())) {
            reject(name, "host", "must be set to the listener's host name or address", c.getHost());
        }
        if (c.getPort() < 1 || c.getPort() > 65535) {
            reject(name, "port", "must be between 1 and 65535, was " + c.getPort(), c.getPort());
        }
        if (c.getProfile() != null && c.getProfile().isBlank()) {
            reject(name, "profile", "must be a profile URI or unset, was blank", c.getProfile());
        }
        Duration timeout = c.getTimeout();
        if (timeout == null || timeout.toMillis() < 1 || timeout.toMillis() > Integer.MAX_VALUE) {
            reject(name, "timeout", "must be between 1ms and " + Integer.MAX_VALUE + "ms, was " + timeout, timeout);
        }
        boolean onConnect = c.getSsl().isOnConnect();
        if (onConnect && !StringUtils.hasText(c.getSsl().getBundle())) {
            reject(name, "ssl.on-connect", "=true needs beep.clients." + name + ".ssl.bundle", true);
        }
        String mechanismName = c.getSasl().getMechanism();
        if (StringUtils.hasText(mechanismName)) {
            Optional<SaslMechanism> m = SaslMechanism.forName(mechanismName.trim());
            if (m.isEmpty()) {
                reject(name, "sasl.mechanism", "must be one of " + MECHANISMS + ", was '" + mechanismName + "'",
                        mechanismName);
            } else {
                sasl(name, m.get(), c, onConnect);
            }
        }
    }

    private void sasl(String name, SaslMechanism m, NamedClientSettings c, boolean onConnect) {
        if ((m == SaslMechanism.PLAIN || m == SaslMechanism.EXTERNAL) && !onConnect) {
            reject(name, "sasl.mechanism", "=" + m.saslName() + " needs beep.clients." + name + ".ssl.on-connect=true ("
                    + (m == SaslMechanism.PLAIN ? "the password would cross in clear)"
                    : "the identity is the TLS client certificate)"), m.saslName());
        }
        boolean password = m != SaslMechanism.ANONYMOUS && m != SaslMechanism.EXTERNAL;
        if (password && (!StringUtils.hasLength(c.getSasl().getUser()) || c.getSasl().getPassword() == null)) {
            reject(name, "sasl.mechanism", "=" + m.saslName() + " needs beep.clients." + name + ".sasl.user and "
                    + "beep.clients." + name + ".sasl.password", m.saslName());
        }
    }

    /**
     * @param property the property under the client, kebab-case
     * @param problem  what is wrong, appended to the property's full name
     */
    private void reject(String client, String property, String problem, Object value) {
        String full = "beep.clients." + client + "." + property;
        String message = problem.startsWith("=") ? full + problem : full + " " + problem;
        errors.rejectValue("clients[" + client + "]." + camel(property), "beep.invalid", new Object[] {value},
                message);
    }

    private static String camel(String property) {
        return property.replace("on-connect", "onConnect");
    }
}
