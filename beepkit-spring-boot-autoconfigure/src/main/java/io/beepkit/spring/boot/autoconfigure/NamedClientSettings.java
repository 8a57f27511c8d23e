package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepTemplates;
import io.beepkit.spring.TemplateTarget;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

import java.time.Duration;

/**
 * One named client of {@link BeepTemplates} ({@code beep.clients.<name>.*}): the listener it connects to, the profile
 * it uses when a call names none, how long a call waits for its reply, and its own TLS and SASL. Its sessions
 * otherwise take the {@code BeepClient} bean's settings ({@code beep.client.*}, {@code beep.socket.*},
 * {@code beep.limits.*}, {@code beep.session.*}).
 */
public class NamedClientSettings {
    /** The listener's host name or address. Required. */
    private String host;
    /** The listener's TCP port. */
    private int port = 10288;
    /** The profile URI of calls that name none; unset when every call names its profile. */
    private String profile;
    /** How long a call waits for its reply (the channel start and the connect included). */
    private Duration timeout = Duration.ofSeconds(30);
    @NestedConfigurationProperty
    private final ReconnectSettings reconnect = new ReconnectSettings();
    @NestedConfigurationProperty
    private final ClientSslSettings ssl = new ClientSslSettings();
    @NestedConfigurationProperty
    private final ClientSaslSettings sasl = new ClientSaslSettings();

    /** @return the listener's host, or null when unset */
    public String getHost() {
        return host;
    }

    /** @param host the listener's host name or address */
    public void setHost(String host) {
        this.host = host;
    }

    /** @return the listener's port */
    public int getPort() {
        return port;
    }

    /** @param port the listener's port, 1..65535 */
    public void setPort(int port) {
        this.port = port;
    }

    /** @return the profile of calls that name none, or null */
    public String getProfile() {
        return profile;
    }

    /** @param profile the profile URI of calls that name none */
    public void setProfile(String profile) {
        this.profile = profile;
    }

    /** @return how long a call waits for its reply */
    public Duration getTimeout() {
        return timeout;
    }

    /** @param timeout how long a call waits for its reply */
    public void setTimeout(Duration timeout) {
        this.timeout = timeout;
    }

    /**
     * @param name the client's name, for the message of a refused value
     * @return the template's target: these settings as they are now
     */
    TemplateTarget target(String name) {
        return TemplateTarget.builder().host(host).port(port).defaultProfile(profile).timeout(timeout)
                .reconnect(reconnect.policy("beep.clients." + name + ".reconnect")).build();
    }

    /** @return how the session reconnects ({@code beep.clients.<name>.reconnect.*}) */
    public ReconnectSettings getReconnect() {
        return reconnect;
    }

    /** @return TLS from a Spring Boot SSL bundle ({@code beep.clients.<name>.ssl.*}) */
    public ClientSslSettings getSsl() {
        return ssl;
    }

    /** @return authentication on connect ({@code beep.clients.<name>.sasl.*}) */
    public ClientSaslSettings getSasl() {
        return sasl;
    }
}
