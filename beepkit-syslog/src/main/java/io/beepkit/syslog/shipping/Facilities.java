package io.beepkit.syslog.shipping;

import java.util.List;
import java.util.Locale;

/** RFC 5424 facility names (section 6.2.1, as syslog implementations spell them) and their codes. */
final class Facilities {
    private static final List<String> NAMES = List.of("kern", "user", "mail", "daemon", "auth", "syslog", "lpr",
            "news", "uucp", "cron", "authpriv", "ftp", "ntp", "security", "console", "solaris-cron", "local0",
            "local1", "local2", "local3", "local4", "local5", "local6", "local7");

    private Facilities() {
    }

    /** The code of {@code name} (a name above, any case, or a number 0..23). */
    static int parse(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        int i = NAMES.indexOf(n);
        if (i >= 0) {
            return i;
        }
        try {
            return Integer.parseInt(n);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a syslog facility: '" + name + "' (one of " + NAMES + ")");
        }
    }
}
