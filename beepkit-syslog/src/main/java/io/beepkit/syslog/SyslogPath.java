package io.beepkit.syslog;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A route a relayed message took, from a {@code <path>} element (RFC 3195 §4.4.3): the hop this element describes
 * (its attributes as sent: {@code fromFQDN}, {@code fromIP}, {@code toIP}, {@code linkType} and so on) and, in
 * {@link #previous()}, the nested {@code <path>} elements for the hops before it. {@code <entry>} elements name it
 * by {@code pathID}.
 *
 * @param pathId     the identifier {@code <entry pathID=...>} refers to
 * @param attributes every attribute of the element, {@code pathID} included, in document order
 * @param previous   the nested path elements
 */
public record SyslogPath(String pathId, Map<String, String> attributes, List<SyslogPath> previous) {
    /** Requires the pathID and copies the map and list. */
    public SyslogPath {
        Objects.requireNonNull(pathId, "pathID");
        attributes = Map.copyOf(attributes);
        previous = List.copyOf(previous);
    }

    /** The value of attribute {@code name} (for example {@code fromIP}), or null. */
    public String attribute(String name) {
        return attributes.get(name);
    }
}
