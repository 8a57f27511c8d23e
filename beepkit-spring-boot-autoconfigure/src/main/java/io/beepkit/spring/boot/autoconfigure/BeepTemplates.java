package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.api.BeepChannel;
import io.beepkit.netty.BeepClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The {@link BeepTemplate}s of the named clients ({@code beep.clients.<name>.*}), one per name, created on first
 * request; each connects on its first call. Closing (with the application context) closes their sessions.
 *
 * <pre>{@code
 * BeepTemplate orders = templates.template("orders");
 * }</pre>
 */
public final class BeepTemplates implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BeepTemplates.class);
    private final Map<String, NamedClientSettings> clients;
    private final BiFunction<String, NamedClientSettings, BeepClient> clientFactory;
    private final BeepPayloadConverter converter;
    private final List<BeepChannelDecorator> decorators;
    private final Map<String, BeepTemplate> templates = new LinkedHashMap<>();
    private final List<TemplateConnection> connections = new ArrayList<>();
    private boolean closed;

    /**
     * @param clients       the named clients' settings by name
     * @param clientFactory builds a named client's {@link BeepClient} when its template first connects
     * @param decorators    wrap each channel a template opens, in order
     */
    BeepTemplates(Map<String, NamedClientSettings> clients,
                  BiFunction<String, NamedClientSettings, BeepClient> clientFactory, BeepPayloadConverter converter,
                  List<BeepChannelDecorator> decorators) {
        this.clients = Map.copyOf(clients);
        this.clientFactory = clientFactory;
        this.converter = converter;
        this.decorators = List.copyOf(decorators);
    }

    /** @return the names of the configured clients */
    public Set<String> names() {
        return Collections.unmodifiableSet(clients.keySet());
    }

    /**
     * The template of the client {@code name}, the same object on every call.
     *
     * @throws IllegalArgumentException if no {@code beep.clients.<name>.*} properties name it
     * @throws IllegalStateException    if this has been closed
     */
    public synchronized BeepTemplate template(String name) {
        if (closed) {
            throw new IllegalStateException("the BeepTemplates are closed (the application context is closing)");
        }
        BeepTemplate template = templates.get(name);
        if (template != null) {
            return template;
        }
        NamedClientSettings settings = clients.get(name);
        if (settings == null) {
            throw new IllegalArgumentException("no client named '" + name + "': set beep.clients." + name
                    + ".host (configured: " + (clients.isEmpty() ? "none" : String.join(", ", clients.keySet()))
                    + ")");
        }
        TemplateConnection connection = new TemplateConnection(name, settings,
                () -> clientFactory.apply(name, settings), channel -> decorate(name, channel));
        connections.add(connection);
        template = new BeepTemplate(name, settings, connection, converter);
        templates.put(name, template);
        return template;
    }

    private BeepChannel decorate(String name, BeepChannel channel) {
        BeepChannel decorated = channel;
        for (BeepChannelDecorator d : decorators) {
            decorated = d.decorate(name, decorated);
        }
        return decorated;
    }

    /** Closes every template's session; their later calls fail. */
    @Override
    public void close() {
        List<TemplateConnection> open;
        synchronized (this) {
            closed = true;
            open = List.copyOf(connections);
        }
        for (TemplateConnection c : open) {
            try {
                c.close();
            } catch (RuntimeException e) {
                log.warn("closing a BeepTemplate's client failed", e); // the others still close
            }
        }
    }
}
