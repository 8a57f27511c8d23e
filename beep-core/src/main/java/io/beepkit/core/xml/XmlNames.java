package io.beepkit.core.xml;

/**
 * Element and attribute names as strings, without making a new string for the names of the vocabularies beepkit
 * reads (channel 0, TLS, SASL, COOKED): those come back as constants, any other name as a substring.
 */
final class XmlNames {
    private static final String[] KNOWN = {
            // channel 0 (RFC 3080 §2.3.1), TLS and SASL (§7.2, §7.3)
            "greeting", "profile", "start", "close", "ok", "error", "ready", "proceed", "blob",
            "uri", "encoding", "number", "code", "serverName", "features", "localize", "xml:lang", "version",
            "status",
            // COOKED (RFC 3195 §7)
            "entry", "iam", "path", "facility", "severity", "timestamp", "hostname", "tag", "deviceFQDN", "deviceIP",
            "pathID", "fqdn", "ip", "type", "fromFQDN", "fromIP", "toFQDN", "toIP", "linkType",
    };

    private XmlNames() {
    }

    /** The name {@code doc} holds between {@code from} and {@code to}. */
    static String name(String doc, int from, int to) {
        int len = to - from;
        for (String known : KNOWN) {
            if (known.length() == len && doc.startsWith(known, from)) {
                return known;
            }
        }
        return doc.substring(from, to);
    }
}
