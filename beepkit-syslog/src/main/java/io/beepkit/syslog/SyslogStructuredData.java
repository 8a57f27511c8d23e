package io.beepkit.syslog;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * RFC 5424 structured data (§6.3) read into elements: {@code [exampleSDID@32473 iut="3" eventSource="App"]} is one
 * element with the ID {@code exampleSDID@32473} and two parameters. Parameter values are unescaped ({@code \"},
 * {@code \\}, {@code \]}); a parameter may repeat. Text that breaks the grammar yields no elements at all, so a
 * half-read element is never mistaken for the device's data.
 */
public final class SyslogStructuredData {
    private static final int MAX_NAME = 32;

    private SyslogStructuredData() {
    }

    /** One parameter of an element: a name and its unescaped value. */
    public static final class Param {
        private final String name;
        private final String value;

        /** A parameter; both are required. */
        public Param(String name, String value) {
            this.name = Objects.requireNonNull(name, "name");
            this.value = Objects.requireNonNull(value, "value");
        }

        /** The parameter's name. */
        public String name() {
            return name;
        }

        /** Its value, unescaped. */
        public String value() {
            return value;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Param p && p.name.equals(name) && p.value.equals(value);
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + value.hashCode();
        }

        @Override
        public String toString() {
            return name + "=\"" + value + '"';
        }
    }

    /** One SD-ELEMENT: its SD-ID and its parameters in order. */
    public static final class Element {
        private final String id;
        private final List<Param> params;

        /** An element; the parameters are copied. */
        public Element(String id, List<Param> params) {
            this.id = Objects.requireNonNull(id, "id");
            this.params = List.copyOf(params);
        }

        /** The SD-ID ({@code timeQuality}, {@code exampleSDID@32473}). */
        public String id() {
            return id;
        }

        /** The parameters in the order sent. */
        public List<Param> params() {
            return params;
        }

        /** The first value of the parameter {@code name}, or null when the element has none. */
        public @Nullable String param(String name) {
            for (Param p : params) {
                if (p.name.equals(name)) {
                    return p.value;
                }
            }
            return null;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Element e && e.id.equals(id) && e.params.equals(params);
        }

        @Override
        public int hashCode() {
            return id.hashCode() * 31 + params.hashCode();
        }

        @Override
        public String toString() {
            return "[" + id + (params.isEmpty() ? "" : " ") + String.join(" ",
                    params.stream().map(Param::toString).toList()) + "]";
        }
    }

    /** The elements of {@code sd}; empty for the nil value {@code -} and for text that breaks the grammar. */
    public static List<Element> parse(String sd) {
        List<Element> elements = new ArrayList<>();
        int[] at = {0};
        while (at[0] < sd.length()) {
            Element e = element(sd, at);
            if (e == null) {
                return List.of();
            }
            elements.add(e);
        }
        return List.copyOf(elements);
    }

    private static @Nullable Element element(String s, int[] at) {
        if (s.charAt(at[0]) != '[') {
            return null;
        }
        at[0]++;
        String id = name(s, at);
        if (id == null) {
            return null;
        }
        List<Param> params = new ArrayList<>();
        while (at[0] < s.length() && s.charAt(at[0]) == ' ') {
            at[0]++;
            String name = name(s, at);
            if (name == null || at[0] + 1 >= s.length() || s.charAt(at[0]) != '=' || s.charAt(at[0] + 1) != '"') {
                return null;
            }
            at[0] += 2;
            StringBuilder value = new StringBuilder();
            while (true) {
                if (at[0] >= s.length()) {
                    return null;
                }
                char c = s.charAt(at[0]++);
                if (c == '"') {
                    break;
                }
                if (c == '\\' && at[0] < s.length() && "\"\\]".indexOf(s.charAt(at[0])) >= 0) {
                    c = s.charAt(at[0]++);
                }
                value.append(c);
            }
            params.add(new Param(name, value.toString()));
        }
        if (at[0] >= s.length() || s.charAt(at[0]) != ']') {
            return null;
        }
        at[0]++;
        return new Element(id, params);
    }

    /** An SD-NAME: 1 to 32 printable US-ASCII characters other than '=', space, ']' and '"'. */
    private static @Nullable String name(String s, int[] at) {
        int start = at[0];
        while (at[0] < s.length()) {
            char c = s.charAt(at[0]);
            if (c <= 32 || c >= 127 || c == '=' || c == ']' || c == '"') {
                break;
            }
            at[0]++;
        }
        int length = at[0] - start;
        return length == 0 || length > MAX_NAME ? null : s.substring(start, at[0]);
    }
}
