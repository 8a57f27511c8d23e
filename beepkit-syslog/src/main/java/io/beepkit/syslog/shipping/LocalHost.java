package io.beepkit.syslog.shipping;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** This machine's name for the HOSTNAME field: the HOSTNAME variable, else the resolver's answer, else "-". */
final class LocalHost {
    private LocalHost() {
    }

    static String name() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.strip();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException | SecurityException e) {
            return "-";
        }
    }
}
