package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepResources;
import io.beepkit.netty.SessionConfig;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code beep.*} properties, one to one with the library's setting groups: the listener ({@code beep.server.*}),
 * the session settings of the listener and every client ({@code beep.session.*}), the clients
 * ({@code beep.clients.<name>.*}) and the shared threads ({@code beep.resources.*}). A value left unset keeps the
 * library's default; at binding every group is built by the library's own builder, whose refusal fails start-up
 * naming the properties' prefix.
 */
@ConfigurationProperties("beep")
public class BeepProperties implements Validator {
    /** The name of the client that is the {@code BeepClient} bean's, and with a host the {@code BeepTemplate} bean. */
    static final String DEFAULT_CLIENT = "default";
    @NestedConfigurationProperty
    private final ServerProperties server = new ServerProperties();
    @NestedConfigurationProperty
    private final SessionProperties session = new SessionProperties();
    @NestedConfigurationProperty
    private final ResourcesProperties resources = new ResourcesProperties();
    /**
     * The clients by name, each the BeepTemplate of BeepTemplates.template(name); the client named default is also
     * the BeepClient bean's and, with a host, the BeepTemplate bean. By default none.
     */
    private final Map<String, ClientProperties> clients = new LinkedHashMap<>();

    /** @return the listener's settings ({@code beep.server.*}) */
    public ServerProperties getServer() { return server; }

    /** @return the session settings of the listener and every client ({@code beep.session.*}) */
    public SessionProperties getSession() { return session; }

    /** @return the threads shared by every listener and client ({@code beep.resources.*}) */
    public ResourcesProperties getResources() { return resources; }

    /** @return the clients by name ({@code beep.clients.<name>.*}) */
    public Map<String, ClientProperties> getClients() { return clients; }

    /** @return the client {@code name}'s properties, all unset when it has none */
    ClientProperties client(String name) {
        ClientProperties c = clients.get(name);
        return c != null ? c : new ClientProperties();
    }

    /** @return the listener's session settings: {@code beep.server.session.*} over {@code beep.session.*} */
    SessionConfig serverSession() {
        return server.getSession().applyTo(sharedSession(), "beep.server.session");
    }

    /** @return a client's session settings: {@code beep.clients.<name>.session.*} over {@code beep.session.*} */
    SessionConfig clientSession(String name) {
        return client(name).getSession().applyTo(sharedSession(), "beep.clients." + name + ".session");
    }

    private SessionConfig sharedSession() {
        return session.applyTo(SessionConfig.defaults(), "beep.session");
    }

    @Override
    public boolean supports(Class<?> type) {
        return BeepProperties.class.isAssignableFrom(type);
    }

    /** Builds every group with the library's builders; the first refusal is the binding's error. */
    @Override
    public void validate(Object target, Errors errors) {
        try {
            serverSession();
            server.getLimits().build();
            resources.applyTo(BeepResources.builder());
            clients.forEach((name, client) -> {
                clientSession(name);
                client.getReconnect().policy("beep.clients." + name + ".reconnect");
            });
        } catch (IllegalArgumentException e) {
            errors.reject("beep.invalid", e.getMessage());
        }
    }
}
