package io.beepkit.syslog;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A route a relayed message took, from a {@code <path>} element (RFC 3195 §4.4.3): the hop this element describes
 * (its attributes as sent: {@code fromFQDN}, {@code fromIP}, {@code toIP}, {@code linkType} and so on) and, in
 * {@link #previous()}, the nested {@code <path>} elements for the hops before it. {@code <entry>} elements name it
 * by {@code pathID}.
 */
public final class SyslogPath {
    private final String pathId;
    private final Map<String, String> attributes;
    private final List<SyslogPath> previous;

    /** Requires the pathID and copies the map and list. */
    public SyslogPath(String pathId, Map<String, String> attributes, List<SyslogPath> previous) {
        Objects.requireNonNull(pathId, "pathID");
        attributes = Map.copyOf(attributes);
        previous = List.copyOf(previous);
        this.pathId = pathId;
        this.attributes = attributes;
        this.previous = previous;
    }

    /** The identifier {@code <entry pathID=...>} refers to. */
    public String pathId() {
        return pathId;
    }

    /** Every attribute of the element, {@code pathID} included, in document order. */
    public Map<String, String> attributes() {
        return attributes;
    }

    /** The nested path elements. */
    public List<SyslogPath> previous() {
        return previous;
    }

    /** The value of attribute {@code name} (for example {@code fromIP}), or null. */
    public @Nullable String attribute(String name) {
        return attributes.get(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SyslogPath that
                && Objects.equals(pathId, that.pathId)
                && Objects.equals(attributes, that.attributes)
                && Objects.equals(previous, that.previous);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pathId, attributes, previous);
    }

    @Override
    public String toString() {
        return "SyslogPath[pathId=" + pathId + ", attributes=" + attributes + ", previous=" + previous + "]";
    }
}
