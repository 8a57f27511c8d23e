package io.beepkit.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * The {@code BeepClient} bean ({@code beep.client.*}): its own settings, and overrides of the {@code beep.socket.*}
 * and {@code beep.limits.*} values that apply to a client. An override left unset keeps the shared value.
 */
public class ClientSettings {
    /** Whether to create a BeepClient bean. */
    private boolean enabled = true;
    /** How long a TCP connect may take. */
    private Duration connectTimeout = Duration.ofSeconds(10);
    /**
     * The client's socket profile by name (default, efficient, bulk, bounded, legacy); unset for beep.socket.profile.
     * The beep.socket.* overrides apply on top of it.
     */
    private String socketProfile;
    /** The largest message or reply the client assembles; unset for beep.limits.max-message-size. */
    private DataSize maxMessageSize;
    /** The most channels per client session; unset for beep.limits.max-channels. */
    private Integer maxChannels;
    /** The most MSGs awaiting replies per client channel; unset for beep.limits.max-outstanding. */
    private Integer maxOutstanding;
    /** How long the listener may take to greet before connect fails; unset for beep.limits.greeting-timeout. */
    private Duration greetingTimeout;
    /** The most octets the listener may send before its greeting completes; unset for beep.limits.max-greeting-size. */
    private DataSize maxGreetingSize;
    /** Close a client session after this long without an octet either way; unset for beep.limits.idle-timeout. */
    private Duration idleTimeout;
    @NestedConfigurationProperty
    private final ClientSslSettings ssl = new ClientSslSettings();
    @NestedConfigurationProperty
    private final ClientSaslSettings sasl = new ClientSaslSettings();

    /** @return whether the client bean is created */
    public boolean isEnabled() {
        return enabled;
    }

    /** @param enabled whether the client bean is created */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /** @return the connect timeout */
    public Duration getConnectTimeout() {
        return connectTimeout;
    }

    /** @param connectTimeout the connect timeout */
    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    /** @return the client's profile name, or null for beep.socket.profile */
    public String getSocketProfile() {
        return socketProfile;
    }

    /** @param socketProfile the client's profile name */
    public void setSocketProfile(String socketProfile) {
        this.socketProfile = socketProfile;
    }

    /** @return the client's largest message, or null for the shared limit */
    public DataSize getMaxMessageSize() {
        return maxMessageSize;
    }

    /** @param maxMessageSize the client's largest message */
    public void setMaxMessageSize(DataSize maxMessageSize) {
        this.maxMessageSize = maxMessageSize;
    }

    /** @return the client's channel limit, or null for the shared limit */
    public Integer getMaxChannels() {
        return maxChannels;
    }

    /** @param maxChannels the client's channel limit */
    public void setMaxChannels(Integer maxChannels) {
        this.maxChannels = maxChannels;
    }

    /** @return the client's outstanding-MSG limit, or null for the shared limit */
    public Integer getMaxOutstanding() {
        return maxOutstanding;
    }

    /** @param maxOutstanding the client's outstanding-MSG limit */
    public void setMaxOutstanding(Integer maxOutstanding) {
        this.maxOutstanding = maxOutstanding;
    }

    /** @return the client's greeting timeout, or null for the shared one */
    public Duration getGreetingTimeout() {
        return greetingTimeout;
    }

    /** @param greetingTimeout the client's greeting timeout */
    public void setGreetingTimeout(Duration greetingTimeout) {
        this.greetingTimeout = greetingTimeout;
    }

    /** @return the client's greeting size limit, or null for the shared one */
    public DataSize getMaxGreetingSize() {
        return maxGreetingSize;
    }

    /** @param maxGreetingSize the client's greeting size limit */
    public void setMaxGreetingSize(DataSize maxGreetingSize) {
        this.maxGreetingSize = maxGreetingSize;
    }

    /** @return the client's idle timeout, or null for the shared one */
    public Duration getIdleTimeout() {
        return idleTimeout;
    }

    /** @param idleTimeout the client's idle timeout, zero for never */
    public void setIdleTimeout(Duration idleTimeout) {
        this.idleTimeout = idleTimeout;
    }

    /** @return TLS from a Spring Boot SSL bundle ({@code beep.client.ssl.*}) */
    public ClientSslSettings getSsl() {
        return ssl;
    }

    /** @return authentication on connect ({@code beep.client.sasl.*}) */
    public ClientSaslSettings getSasl() {
        return sasl;
    }
}
