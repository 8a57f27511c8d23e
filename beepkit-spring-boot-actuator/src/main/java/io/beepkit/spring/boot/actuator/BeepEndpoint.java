package io.beepkit.spring.boot.actuator;

import io.beepkit.spring.boot.autoconfigure.BeepServerLifecycle;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.SessionRole;
import io.beepkit.api.security.SaslIdentity;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The Actuator endpoint {@code beep}: the auto-configured listener (address, whether it runs, memory its sessions
 * hold) and each of its open sessions (addresses, role, TLS and SASL identity, channels with number and profile), and
 * the sessions of each {@link BeepClient} bean. Read-only, and built from the public API only; expose it with
 * {@code management.endpoints.web.exposure.include}.
 */
@Endpoint(id = "beep")
public class BeepEndpoint {
    private final @Nullable BeepServerLifecycle lifecycle;
    private final Map<String, BeepClient> clients;

    /**
     * @param lifecycle the listener's lifecycle, or null when the application runs no listener
     * @param clients   the clients by bean name
     */
    public BeepEndpoint(@Nullable BeepServerLifecycle lifecycle, Map<String, BeepClient> clients) {
        this.lifecycle = lifecycle;
        this.clients = Map.copyOf(clients);
    }

    /** @return the listener, the clients and their sessions now */
    @ReadOperation
    public BeepDescriptor beep() {
        List<ClientDescriptor> described = clients.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> new ClientDescriptor(e.getKey(), e.getValue().isClosed(),
                        e.getValue().sessions().stream().map(BeepEndpoint::describe).toList()))
                .toList();
        if (lifecycle == null || !lifecycle.isRunning()) {
            return new BeepDescriptor(new ListenerDescriptor(false, null, null, null, 0), List.of(), described);
        }
        BeepServer server = lifecycle.server();
        InetSocketAddress bound = server.localAddress();
        ListenerDescriptor listener = new ListenerDescriptor(true, bound.getHostString(), bound.getPort(),
                server.transport(), server.memoryHeld());
        List<SessionDescriptor> sessions = server.sessions().stream().map(BeepEndpoint::describe).toList();
        return new BeepDescriptor(listener, sessions, described);
    }

    static SessionDescriptor describe(BeepSession session) {
        List<ChannelDescriptor> channels = session.channels().stream()
                .sorted(Comparator.comparingInt(BeepChannel::number))
                .map(c -> new ChannelDescriptor(c.number(), c.profile()))
                .toList();
        TlsDescriptor tls = session.tls().map(BeepEndpoint::describe).orElse(null);
        SaslDescriptor sasl = session.identity().map(BeepEndpoint::describe).orElse(null);
        return new SessionDescriptor(address(session.remoteAddress()), address(session.localAddress()),
                session.role() == SessionRole.INITIATOR ? "initiator" : "listener", session.isOpen(),
                session.serverName(), tls, sasl, channels);
    }

    private static TlsDescriptor describe(TlsSessionInfo tls) {
        return new TlsDescriptor(tls.protocol(), tls.cipherSuite(), tls.peerSubject().orElse(null),
                tls.sniHostName());
    }

    private static SaslDescriptor describe(SaslIdentity identity) {
        return new SaslDescriptor(identity.mechanism().saslName(), identity.authenticationId(),
                identity.authorizationId());
    }

    private static String address(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            return inet.getHostString() + ":" + inet.getPort();
        }
        return String.valueOf(address);
    }

    /**
     * What the endpoint answers.
     *
     * @param listener the listener
     * @param sessions its open sessions
     * @param clients  the {@link BeepClient} beans, by bean name
     */
    public record BeepDescriptor(ListenerDescriptor listener, List<SessionDescriptor> sessions,
                                 List<ClientDescriptor> clients) {
    }

    /**
     * A client.
     *
     * @param name     its bean name
     * @param closed   whether it was closed
     * @param sessions its open sessions
     */
    public record ClientDescriptor(String name, boolean closed, List<SessionDescriptor> sessions) {
    }

    /**
     * The listener.
     *
     * @param running     whether it is bound
     * @param host        the bound host, null when not running
     * @param port        the bound port, null when not running
     * @param transport   {@code epoll} or {@code nio}, null when not running
     * @param memoryHeld  octets its sessions hold for their peers now
     */
    public record ListenerDescriptor(boolean running, @Nullable String host, @Nullable Integer port,
                                     @Nullable String transport, long memoryHeld) {
    }

    /**
     * One session.
     *
     * @param peerAddress  the peer's {@code host:port}
     * @param localAddress our {@code host:port}
     * @param role         our side: {@code listener} or {@code initiator}
     * @param open         whether it is still open
     * @param serverName   the serverName bound by the first start that carried one, or null
     * @param tls          what TLS negotiated, or null in clear
     * @param sasl         the identity SASL established, or null
     * @param channels     the open channels other than channel 0, by number
     */
    public record SessionDescriptor(String peerAddress, String localAddress, String role, boolean open,
                                    @Nullable String serverName, @Nullable TlsDescriptor tls,
                                    @Nullable SaslDescriptor sasl, List<ChannelDescriptor> channels) {
    }

    /**
     * One channel.
     *
     * @param number  its number
     * @param profile the profile URI it runs
     */
    public record ChannelDescriptor(int number, String profile) {
    }

    /**
     * A TLS session.
     *
     * @param protocol    the protocol, e.g. {@code TLSv1.3}
     * @param cipherSuite the cipher suite
     * @param peerSubject the subject of the peer's certificate, or null when it sent none
     * @param sniHostName the SNI host name, or null
     */
    public record TlsDescriptor(String protocol, String cipherSuite, @Nullable String peerSubject,
                                @Nullable String sniHostName) {
    }

    /**
     * A SASL identity.
     *
     * @param mechanism        the mechanism, e.g. {@code PLAIN}
     * @param authenticationId the authentication identity
     * @param authorizationId  the authorization identity
     */
    public record SaslDescriptor(String mechanism, String authenticationId, String authorizationId) {
    }
}
