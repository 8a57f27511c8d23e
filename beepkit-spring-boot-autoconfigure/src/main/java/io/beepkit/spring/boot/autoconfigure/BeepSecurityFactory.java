package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.netty.ListenerSecurity;
import io.beepkit.netty.tls.ClientAuthentication;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.util.StringUtils;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Turns {@code beep.server.ssl.*}, {@code beep.server.sasl.*}, {@code beep.clients.<name>.ssl.*} and
 * {@code beep.clients.<name>.sasl.*}, with the SSL bundles and the application's SASL beans, into the
 * {@link ListenerSecurity} of the listener and the {@link InitiatorSecurity} of the client. Nothing configured gives
 * their {@code NONE}.
 */
final class BeepSecurityFactory {
    private BeepSecurityFactory() {
    }

    /**
     * The listener's security: TLS from {@code <prefix>.ssl.bundle}, SASL when {@code authenticator} is not null.
     *
     * @param prefix        the properties' prefix, {@code beep.server} or {@code beep.syslog}, for messages
     * @param bundles       Spring Boot's SSL bundles, or null when the context has none
     * @param authenticator the application's credential check, or null for no SASL
     */
    static ListenerSecurity listener(String prefix, ServerSslSettings ssl, ServerSaslSettings sasl,
                                   @Nullable SslBundles bundles, @Nullable SaslAuthenticator authenticator) {
        ListenerSecurity.Builder b = ListenerSecurity.builder().tlsRequired(ssl.isRequired());
        if (StringUtils.hasText(ssl.getBundle())) {
            b.tls(SslBundleTls.listener(bundles, prefix + ".ssl.bundle", ssl.getBundle(), clientAuth(ssl)));
        } else if (ssl.getClientAuth() != ServerSslSettings.ClientAuth.NONE) {
            throw new IllegalStateException(prefix + ".ssl.client-auth=" + ssl.getClientAuth().name().toLowerCase()
                    + " needs TLS: set " + prefix + ".ssl.bundle");
        }
        Set<SaslMechanism> offered = sasl.getMechanisms() == null ? null
                : LibrarySettings.checked(prefix + ".sasl.mechanisms", () -> mechanisms(sasl.getMechanisms()));
        if (authenticator != null) {
            SaslListenerConfig.Builder listener = SaslListenerConfig.builder(authenticator)
                    .plainWithoutTls(sasl.isAllowPlainWithoutTls());
            if (offered != null) {
                listener.mechanisms(offered);
            }
            b.sasl(LibrarySettings.checked(prefix + ".sasl", listener::build));
        } else if (offered != null) {
            throw new IllegalStateException(prefix + ".sasl.mechanisms=" + sasl.getMechanisms() + " is set, but "
                    + "the context has no SaslAuthenticator bean to check credentials with");
        }
        return LibrarySettings.checked(prefix, b::build);
    }

    private static ClientAuthentication clientAuth(ServerSslSettings ssl) {
        return switch (ssl.getClientAuth()) {
            case NONE -> ClientAuthentication.NONE;
            case WANT -> ClientAuthentication.OPTIONAL;
            case NEED -> ClientAuthentication.REQUIRE;
        };
    }

    /**
     * A client's security from its TLS and SASL settings.
     *
     * @param prefix      the properties' prefix, {@code beep.clients.<name>}, for messages
     * @param bundles     Spring Boot's SSL bundles, or null when the context has none
     * @param credentials credentials that replace the user and password, or null
     */
    static InitiatorSecurity client(String prefix, ClientSslSettings ssl, ClientSaslSettings sasl,
                                    @Nullable SslBundles bundles, @Nullable SaslCredentials credentials) {
        InitiatorSecurity.Builder b = InitiatorSecurity.builder().tlsOnConnect(ssl.isOnConnect());
        if (StringUtils.hasText(ssl.getBundle())) {
            b.tls(SslBundleTls.initiator(bundles, prefix + ".ssl.bundle", ssl.getBundle()));
        }
        if (StringUtils.hasText(sasl.getMechanism())) {
            SaslMechanism mechanism = LibrarySettings.checked(prefix + ".sasl.mechanism",
                    () -> mechanism(sasl.getMechanism()));
            b.sasl(mechanism, credentials != null ? credentials : credentials(prefix, mechanism, sasl))
                    .plainWithoutTls(sasl.isAllowPlainWithoutTls());
        }
        return LibrarySettings.checked(prefix, b::build);
    }

    private static SaslCredentials credentials(String prefix, SaslMechanism mechanism, ClientSaslSettings sasl) {
        switch (mechanism) {
            case ANONYMOUS:
                return SaslCredentials.anonymous(sasl.getUser());
            case EXTERNAL:
                return SaslCredentials.external();
            default:
                if (!StringUtils.hasLength(sasl.getUser()) || sasl.getPassword() == null) {
                    throw new IllegalStateException(prefix + ".sasl.mechanism=" + mechanism.saslName() + " needs "
                            + prefix + ".sasl.user and " + prefix + ".sasl.password"
                            + (prefix.endsWith(".default") ? ", or a SaslCredentials bean" : ""));
                }
                return SaslCredentials.password(sasl.getUser(), sasl.getPassword().toCharArray());
        }
    }

    private static Set<SaslMechanism> mechanisms(List<String> names) {
        Set<SaslMechanism> set = EnumSet.noneOf(SaslMechanism.class);
        names.forEach(n -> set.add(mechanism(n)));
        return set;
    }

    /** The mechanism named {@code name}, or a failure naming the known ones. */
    static SaslMechanism mechanism(String name) {
        return SaslMechanism.forName(name.trim()).orElseThrow(() -> new IllegalArgumentException("unknown SASL "
                + "mechanism '" + name + "', expected one of " + Arrays.stream(SaslMechanism.values())
                .map(SaslMechanism::saslName).toList()));
    }
}
