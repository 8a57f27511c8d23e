package io.beepkit.spring;

import io.beepkit.api.BeepChannel;
import io.beepkit.netty.BeepClient;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The {@link BeepTemplate}s of named clients (with Spring Boot: {@code beep.clients.<name>.*}), one per name, created
 * on first request; each connects on its first call. Closing (with the application context) closes their sessions.
 *
 * <pre>{@code
 * BeepTemplate orders = templates.template("orders");
 * }</pre>
 */
public final class BeepTemplates implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BeepTemplates.class);
    private final Set<String> names;
    private final Function<String, TemplateTarget> targets;
    private final Function<String, BeepClient> clientFactory;
    private final BeepPayloadConverter converter;
    private final List<BeepChannelDecorator> decorators;
    private final Map<String, BeepTemplate> templates = new LinkedHashMap<>();
    private final List<TemplateConnection> connections = new ArrayList<>();
    private boolean closed;

    /**
     * @param names         the clients' names
     * @param targets       a client's target, asked at the first call of its template (so that it may name a port
     *                      known only once the application has started)
     * @param clientFactory builds a client's {@link BeepClient} when its template first connects
     * @param converter     converts payloads and replies
     * @param decorators    wrap each channel a template opens, in order
     */
    public BeepTemplates(Set<String> names, Function<String, TemplateTarget> targets,
                         Function<String, BeepClient> clientFactory, BeepPayloadConverter converter,
                         List<BeepChannelDecorator> decorators) {
        this.names = Set.copyOf(names);
        this.targets = targets;
        this.clientFactory = clientFactory;
        this.converter = converter;
        this.decorators = List.copyOf(decorators);
    }

    /** @return the names of the configured clients */
    public Set<String> names() {
        return names;
    }

    /**
     * The template of the client {@code name}, the same object on every call.
     *
     * @throws IllegalArgumentException if no client has that name
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
        if (!names.contains(name)) {
            throw new IllegalArgumentException("no client named '" + name + "': set beep.clients." + name
                    + ".host (configured: " + (names.isEmpty() ? "none" : String.join(", ", new TreeSet<>(names)))
                    + ")");
        }
        Supplier<TemplateTarget> target = new ResolvedOnce(name);
        TemplateConnection connection = new TemplateConnection(name, target,
                () -> clientFactory.apply(name), channel -> decorate(name, channel));
        connections.add(connection);
        template = new BeepTemplate(name, target, connection, converter);
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

    /** A client's target, asked of {@code targets} until it is given once (a failure is asked again next call). */
    private final class ResolvedOnce implements Supplier<TemplateTarget> {
        private final String name;
        private volatile @Nullable TemplateTarget target;

        ResolvedOnce(String name) {
            this.name = name;
        }

        @Override
        public TemplateTarget get() {
            TemplateTarget t = target;
            if (t == null) {
                t = Objects.requireNonNull(targets.apply(name), "no target for client " + name);
                target = t;
            }
            return t;
        }
    }
}
