package io.beepkit.syslog.internal;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.LogText;
import io.beepkit.core.xml.HardenedXml;
import io.beepkit.core.xml.XmlReader;
import io.beepkit.syslog.SyslogIdentity;
import io.beepkit.syslog.SyslogPath;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the three elements a COOKED peer may send (RFC 3195 §4.3, DTD in §7): {@code <entry>}, {@code <iam>} and
 * {@code <path>}, through the same {@link HardenedXml} reader channel 0 uses (no DOCTYPE, no entity definitions, one
 * root element). Strict: unknown attributes on {@code <entry>} and {@code <iam>}, children where the DTD allows none,
 * values outside their range or longer than {@value #MAX_ATTRIBUTE} characters are refused with a
 * {@link SyslogViolation} carrying the reply code (500 for syntax, 501 for a parameter).
 */
public final class CookedXml {
    /** The longest attribute value accepted. */
    public static final int MAX_ATTRIBUTE = 255;
    /** The deepest nesting of {@code <path>} elements accepted (hops of a relay chain). */
    public static final int MAX_PATH_DEPTH = 16;
    private static final int MAX_PATH_ATTRIBUTES = 16;
    private static final Set<String> ENTRY_ATTRIBUTES = Set.of("facility", "severity", "timestamp", "hostname", "tag",
            "deviceFQDN", "deviceIP", "pathID");
    private static final Set<String> IAM_ATTRIBUTES = Set.of("fqdn", "ip", "type");
    private static final String WHAT = "COOKED message";

    private CookedXml() {
    }

    /**
     * Parses one MSG payload body: a {@link CookedEntry}, a {@link SyslogIdentity} or a {@link SyslogPath}.
     *
     * @throws SyslogViolation if it is none of them or breaks the DTD or a limit
     */
    public static Object parse(String xml) {
        CookedEntryReader.Read simple = CookedEntryReader.read(xml, ENTRY_ATTRIBUTES);
        return simple != null ? entry(simple.attributes(), simple.text()) : parseStrictly(xml);
    }

    /**
     * {@link #parse} with the hardened XML reader only, for every form, without the shortcut for the common entry
     * (tests and benchmarks compare the two).
     */
    public static Object parseStrictly(String xml) {
        try {
            return HardenedXml.parse(xml, WHAT, r -> switch (r.name()) {
                case "entry" -> entry(r);
                case "iam" -> iam(r);
                case "path" -> path(r, 1);
                default -> throw new SyslogViolation(500, "COOKED expects <entry>, <iam> or <path>, not <"
                        + LogText.escape(r.name(), 40) + '>');
            });
        } catch (SyslogViolation v) {
            throw v;
        } catch (BeepProtocolException e) {
            throw new SyslogViolation(500, e.getMessage());
        }
    }

    private static CookedEntry entry(XmlReader r) {
        Map<String, String> a = attributes(r, ENTRY_ATTRIBUTES);
        number(a, "facility", 1, 23); // refused before the text is read, as the attributes come first
        number(a, "severity", 5, 7);
        return entry(a, textOnly(r, "entry"));
    }

    /** An entry from its attributes (names already checked) and text. */
    private static CookedEntry entry(Map<String, String> a, String text) {
        for (Map.Entry<String, String> e : a.entrySet()) {
            if (e.getValue().length() > MAX_ATTRIBUTE) {
                throw new SyslogViolation(501, "attribute " + e.getKey() + " longer than " + MAX_ATTRIBUTE
                        + " characters");
            }
        }
        int facility = number(a, "facility", 1, 23);
        int severity = number(a, "severity", 5, 7);
        return new CookedEntry(facility, severity, a.get("timestamp"), a.get("hostname"), a.get("tag"),
                a.get("deviceFQDN"), a.get("deviceIP"), a.get("pathID"), text);
    }

    private static SyslogIdentity iam(XmlReader r) {
        Map<String, String> a = attributes(r, IAM_ATTRIBUTES);
        for (String required : IAM_ATTRIBUTES) {
            if (!a.containsKey(required)) {
                throw new SyslogViolation(501, "<iam> lacks its " + required + " attribute");
            }
        }
        if (!textOnly(r, "iam").isBlank()) {
            throw new SyslogViolation(500, "<iam> must be empty");
        }
        try {
            return new SyslogIdentity(a.get("fqdn"), a.get("ip"), a.get("type"));
        } catch (IllegalArgumentException e) {
            throw new SyslogViolation(501, LogText.escape(e.getMessage()));
        }
    }

    private static SyslogPath path(XmlReader r, int depth) {
        if (depth > MAX_PATH_DEPTH) {
            throw new SyslogViolation(550, "<path> nested deeper than " + MAX_PATH_DEPTH);
        }
        if (r.attributeCount() > MAX_PATH_ATTRIBUTES) {
            throw new SyslogViolation(501, "<path> with " + r.attributeCount() + " attributes");
        }
        Map<String, String> a = attributes(r, null);
        if (!a.containsKey("pathID")) {
            throw new SyslogViolation(501, "<path> lacks its pathID attribute");
        }
        List<SyslogPath> previous = new ArrayList<>(1);
        while (true) {
            int event = r.next();
            if (event == XmlReader.END_ELEMENT) {
                return new SyslogPath(a.get("pathID"), a, previous);
            }
            if (event == XmlReader.START_ELEMENT) {
                if (!"path".equals(r.name()) || !previous.isEmpty()) {
                    throw new SyslogViolation(500, "<path> may hold one nested <path> only, not <"
                            + LogText.escape(r.name(), 40) + '>');
                }
                previous.add(path(r, depth + 1));
            } else if (!r.isWhiteSpace()) {
                throw new SyslogViolation(500, "<path> holds text");
            }
        }
    }

    /** The attributes, each at most {@value #MAX_ATTRIBUTE} characters, names checked against {@code allowed}. */
    private static Map<String, String> attributes(XmlReader r, Set<String> allowed) {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i < r.attributeCount(); i++) {
            String name = r.attributeName(i);
            String value = r.attributeValue(i);
            if (allowed != null && !allowed.contains(name)) {
                throw new SyslogViolation(501, "<" + r.name() + "> has no attribute "
                        + LogText.escape(name, 40));
            }
            if (value.length() > MAX_ATTRIBUTE) {
                throw new SyslogViolation(501, "attribute " + name + " longer than " + MAX_ATTRIBUTE + " characters");
            }
            a.put(name, value);
        }
        return a;
    }

    private static int number(Map<String, String> a, String name, int absent, int max) {
        String v = a.get(name);
        if (v == null) {
            return absent;
        }
        if (v.isEmpty() || v.length() > 2 || !v.chars().allMatch(c -> c >= '0' && c <= '9')
                || Integer.parseInt(v) > max) {
            throw new SyslogViolation(501, name + " must be 0 to " + max + ": '" + LogText.escape(v, 40) + "'");
        }
        return Integer.parseInt(v);
    }

    /** The element's text up to its end tag; a child element is refused. */
    private static String textOnly(XmlReader r, String element) {
        String text = r.elementText();
        if (text == null) {
            throw new SyslogViolation(500, "<" + element + "> must not hold elements, found <"
                    + LogText.escape(r.name(), 40) + '>');
        }
        return text;
    }

    /** An {@code <entry>} element for {@code e}; absent attributes are left out. */
    public static String writeEntry(CookedEntry e) {
        StringBuilder sb = new StringBuilder(64 + e.text().length());
        sb.append("<entry facility='").append(e.facility()).append("' severity='").append(e.severity()).append('\'');
        attribute(sb, "timestamp", e.timestamp());
        attribute(sb, "hostname", e.hostname());
        attribute(sb, "tag", e.tag());
        attribute(sb, "deviceFQDN", e.deviceFqdn());
        attribute(sb, "deviceIP", e.deviceIp());
        attribute(sb, "pathID", e.pathId());
        return sb.append('>').append(escapeText(xmlChars(e.text()))).append("</entry>").toString();
    }

    /** An {@code <iam>} element. */
    public static String writeIam(SyslogIdentity iam) {
        return "<iam fqdn='" + HardenedXml.escape(iam.fqdn()) + "' ip='" + HardenedXml.escape(iam.ip())
                + "' type='" + iam.type() + "' />";
    }

    /**
     * Escapes element text: only {@code &}, {@code <} and {@code >}. Quotes need no escape there, and liblogging's
     * collector does not decode {@code &apos;}.
     */
    static String escapeText(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** Replaces the characters XML 1.0 cannot carry at all (controls other than tab, CR, LF) with U+FFFD. */
    static String xmlChars(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean bad = (c < 0x20 && c != '\t' && c != '\r' && c != '\n') || c == 0xFFFE || c == 0xFFFF;
            if (bad && sb == null) {
                sb = new StringBuilder(s);
            }
            if (bad) {
                sb.setCharAt(i, '\uFFFD');
            }
        }
        return sb == null ? s : sb.toString();
    }

    private static void attribute(StringBuilder sb, String name, String value) {
        if (value != null) {
            sb.append(' ').append(name).append("='").append(HardenedXml.escape(xmlChars(value))).append('\'');
        }
    }
}
