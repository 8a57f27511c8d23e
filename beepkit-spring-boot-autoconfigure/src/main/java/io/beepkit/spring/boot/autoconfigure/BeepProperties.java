package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepConfig;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import java.time.Duration;

/**
 * The {@code beep.*} properties: the listener, socket profile, limits and the client. Every default equals the
 * library's ({@code BeepConfig.defaults()}, {@code SocketProfile.DEFAULT}); socket settings left unset keep the named
 * profile's value. {@link BeepPropertiesValidator} checks every value at binding, naming the property and its range.
 */
@ConfigurationProperties("beep")
public class BeepProperties implements Validator {
    private final Server server = new Server();
    @NestedConfigurationProperty
    private final SocketSettings socket = new SocketSettings();
    private final Limits limits = new Limits();
    private final Client client = new Client();

    /** @return the listener's settings ({@code beep.server.*}) */
    public Server getServer() {
        return server;
    }

    /** @return the socket profile and its overrides for the listener and the client ({@code beep.socket.*}) */
    public SocketSettings getSocket() {
        return socket;
    }

    /** @return what a peer may make a session hold, for the listener and the client ({@code beep.limits.*}) */
    public Limits getLimits() {
        return limits;
    }

    /** @return the {@code BeepClient} bean's settings ({@code beep.client.*}) */
    public Client getClient() {
        return client;
    }

    @Override
    public boolean supports(Class<?> type) {
        return BeepProperties.class.isAssignableFrom(type);
    }

    @Override
    public void validate(Object target, Errors errors) {
        new BeepPropertiesValidator(errors).validate((BeepProperties) target);
    }

    /** The listener ({@code beep.server.*}). */
    public static class Server {
        /** Whether to start a BEEP listener with the application context. */
        private boolean enabled = true;
        /** The address to listen on. */
        private String host = "127.0.0.1";
        /** The TCP port to listen on (0 picks a free one). */
        private int port = 10288;
        /** I/O threads (0 for Netty's default of twice the cores). */
        private int ioThreads = 0;
        /** How long the context's shutdown waits for sessions to be released gracefully before closing them. */
        private Duration shutdownTimeout = Duration.ofSeconds(5);
        /** Whether to offer the echo and sink profiles besides the application's. */
        private boolean defaultProfiles = true;

        /** @return whether the listener starts */
        public boolean isEnabled() {
            return enabled;
        }

        /** @param enabled whether the listener starts */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /** @return the address to listen on */
        public String getHost() {
            return host;
        }

        /** @param host the address to listen on */
        public void setHost(String host) {
            this.host = host;
        }

        /** @return the TCP port */
        public int getPort() {
            return port;
        }

        /** @param port the TCP port, 0..65535 */
        public void setPort(int port) {
            this.port = port;
        }

        /** @return I/O threads, 0 for Netty's default */
        public int getIoThreads() {
            return ioThreads;
        }

        /** @param ioThreads I/O threads, 0 for Netty's default */
        public void setIoThreads(int ioThreads) {
            this.ioThreads = ioThreads;
        }

        /** @return the graceful-release timeout at shutdown */
        public Duration getShutdownTimeout() {
            return shutdownTimeout;
        }

        /** @param shutdownTimeout the graceful-release timeout at shutdown */
        public void setShutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
        }

        /** @return whether echo and sink are offered */
        public boolean isDefaultProfiles() {
            return defaultProfiles;
        }

        /** @param defaultProfiles whether echo and sink are offered */
        public void setDefaultProfiles(boolean defaultProfiles) {
            this.defaultProfiles = defaultProfiles;
        }
    }

    /**
     * Limits ({@code beep.limits.*}): what one session may make us hold. The defaults are written out (the metadata
     * generator reads literals) and equal {@link BeepConfig}'s; further limits of {@code BeepConfig} take their place
     * here.
     */
    public static class Limits {
        /** The largest message or reply assembled, MIME headers included. */
        private DataSize maxMessageSize = DataSize.ofMegabytes(16);
        /** The most channels open at once per session (channel 0 excluded). */
        private int maxChannels = 1024;
        /** The most MSGs awaiting replies per channel and direction. */
        private int maxOutstanding = 4096;
        /** How long the encoder may hold a tail fragment back waiting for the peer's SEQ. */
        private Duration tailWait = Duration.ofMillis(20);

        /** @return the largest message assembled */
        public DataSize getMaxMessageSize() {
            return maxMessageSize;
        }

        /** @param maxMessageSize the largest message assembled */
        public void setMaxMessageSize(DataSize maxMessageSize) {
            this.maxMessageSize = maxMessageSize;
        }

        /** @return the most channels per session */
        public int getMaxChannels() {
            return maxChannels;
        }

        /** @param maxChannels the most channels per session */
        public void setMaxChannels(int maxChannels) {
            this.maxChannels = maxChannels;
        }

        /** @return the most MSGs awaiting replies per channel */
        public int getMaxOutstanding() {
            return maxOutstanding;
        }

        /** @param maxOutstanding the most MSGs awaiting replies per channel */
        public void setMaxOutstanding(int maxOutstanding) {
            this.maxOutstanding = maxOutstanding;
        }

        /** @return the tail-fragment wait */
        public Duration getTailWait() {
            return tailWait;
        }

        /** @param tailWait the tail-fragment wait */
        public void setTailWait(Duration tailWait) {
            this.tailWait = tailWait;
        }
    }

    /** The {@code BeepClient} bean ({@code beep.client.*}). */
    public static class Client {
        /** Whether to create a BeepClient bean. */
        private boolean enabled = true;
        /** How long a TCP connect may take. */
        private Duration connectTimeout = Duration.ofSeconds(10);
        /** I/O threads (0 for Netty's default of twice the cores). */
        private int ioThreads = 0;
        /**
         * The client's socket profile by name (default, efficient, bulk, bounded, legacy); unset for beep.socket.profile. The
         * beep.socket.* overrides apply on top of it.
         */
        private String socketProfile;
        /** The largest message or reply the client assembles; unset for beep.limits.max-message-size. */
        private DataSize maxMessageSize;
        /** The most channels per client session; unset for beep.limits.max-channels. */
        private Integer maxChannels;
        /** The most MSGs awaiting replies per client channel; unset for beep.limits.max-outstanding. */
        private Integer maxOutstanding;

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

        /** @return I/O threads, 0 for Netty's default */
        public int getIoThreads() {
            return ioThreads;
        }

        /** @param ioThreads I/O threads, 0 for Netty's default */
        public void setIoThreads(int ioThreads) {
            this.ioThreads = ioThreads;
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
    }
}
