package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.ReconnectPolicy;
import io.beepkit.spring.TemplateTarget;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.core.env.PropertyResolver;

import java.time.Duration;

/**
 * One client ({@code beep.clients.<name>.*}): the listener its {@code BeepTemplate} calls, the profile of calls that
 * name none, how long a call waits, how its session reconnects, its TLS and SASL, and its session settings on top of
 * {@code beep.session.*}. The client named {@code default} is also the {@code BeepClient} bean's, and with a host the
 * {@code BeepTemplate} bean. Host and port are resolved at the template's first call, so they may name a value known
 * only once the application runs, such as {@code ${local.beep.server.port}}.
 */
public class ClientProperties {
    /** The listener's host name or address; required for a template. */
    private @Nullable String host;
    /**
     * The listener's TCP port, or a placeholder resolved at the first call such as ${local.beep.server.port}; unset
     * for the library's default port.
     */
    private @Nullable String port;
    /** The profile URI of calls that name none; unset when every call names its profile. */
    private @Nullable String profile;
    /** How long a call waits for its reply (the connect and the channel start included); unset for the default. */
    private @Nullable Duration timeout;
    @NestedConfigurationProperty
    private final ReconnectProperties reconnect = new ReconnectProperties();
    @NestedConfigurationProperty
    private final ClientSslSettings ssl = new ClientSslSettings();
    @NestedConfigurationProperty
    private final ClientSaslSettings sasl = new ClientSaslSettings();
    @NestedConfigurationProperty
    private final SessionProperties session = new SessionProperties();

    /**
     * The template's target as the properties are now, placeholders resolved.
     *
     * @param name      the client's name, naming its properties in a refusal
     * @param resolver  resolves the placeholders of host and port
     * @throws IllegalArgumentException naming the property and the library's reason
     */
    TemplateTarget target(String name, PropertyResolver resolver) {
        String prefix = "beep.clients." + name;
        if (host == null) {
            throw new IllegalArgumentException(prefix + ".host is required for a BeepTemplate");
        }
        String target = host;
        ReconnectPolicy policy = reconnect.policy(prefix + ".reconnect");
        return LibrarySettings.build(prefix, TemplateTarget.builder().reconnect(policy), (map, b) -> {
            b.host(resolver.resolveRequiredPlaceholders(target));
            map.from(port).as(resolver::resolveRequiredPlaceholders).as(p -> Integer.parseInt(p.trim())).to(b::port);
            map.from(profile).to(b::defaultProfile);
            map.from(timeout).to(b::timeout);
        }, TemplateTarget.Builder::build);
    }

    /**
     * Checks the target at start-up, unless its host or port names a value not known yet (then its first call does),
     * or it is the {@code default} client without a host, which is only the {@code BeepClient} bean's.
     */
    void checkTarget(String name, PropertyResolver resolver) {
        boolean later = unknownYet(host, resolver) || unknownYet(port, resolver)
                || (host == null && BeepProperties.DEFAULT_CLIENT.equals(name));
        if (!later) {
            target(name, resolver);
        }
    }

    private static boolean unknownYet(@Nullable String value, PropertyResolver resolver) {
        return value != null && resolver.resolvePlaceholders(value).contains("${");
    }

    /** @return the listener's host, null when unset */
    public @Nullable String getHost() { return host; }
    /** @param v the listener's host name or address */
    public void setHost(@Nullable String v) { host = v; }
    /** @return the listener's port or a placeholder, null for the library's default */
    public @Nullable String getPort() { return port; }
    /** @param v the listener's port or a placeholder */
    public void setPort(@Nullable String v) { port = v; }
    /** @return the profile of calls that name none, null for none */
    public @Nullable String getProfile() { return profile; }
    /** @param v the profile URI of calls that name none */
    public void setProfile(@Nullable String v) { profile = v; }
    /** @return how long a call waits, null for the library's default */
    public @Nullable Duration getTimeout() { return timeout; }
    /** @param v how long a call waits */
    public void setTimeout(@Nullable Duration v) { timeout = v; }
    /** @return how the session reconnects ({@code beep.clients.<name>.reconnect.*}) */
    public ReconnectProperties getReconnect() { return reconnect; }
    /** @return TLS from a Spring Boot SSL bundle ({@code beep.clients.<name>.ssl.*}) */
    public ClientSslSettings getSsl() { return ssl; }
    /** @return authentication on connect ({@code beep.clients.<name>.sasl.*}) */
    public ClientSaslSettings getSasl() { return sasl; }
    /** @return the client's session settings over {@code beep.session.*} */
    public SessionProperties getSession() { return session; }
}
