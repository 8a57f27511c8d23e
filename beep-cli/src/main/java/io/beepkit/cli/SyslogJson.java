package io.beepkit.cli;

import io.beepkit.syslog.SyslogMessage;

/** One JSON object per message, on one line, for {@code beep syslog receive --format json}. */
final class SyslogJson {
    private SyslogJson() {
    }

    static String of(SyslogMessage m) {
        StringBuilder b = new StringBuilder(128 + m.text().length() * 2).append('{');
        field(b, "transport", m.transport().name());
        field(b, "format", m.format().name());
        number(b, "facility", m.facility());
        number(b, "severity", m.severity());
        field(b, "timestamp", m.timestamp());
        field(b, "hostname", m.hostname());
        field(b, "appName", m.appName());
        field(b, "procId", m.procId());
        field(b, "msgId", m.msgId());
        field(b, "structuredData", m.structuredData());
        field(b, "message", m.message());
        field(b, "deviceFQDN", m.deviceFqdn());
        field(b, "deviceIP", m.deviceIp());
        field(b, "pathID", m.pathId());
        if (m.peer() != null) {
            field(b, "iam", m.peer().type() + " " + m.peer().fqdn() + " " + m.peer().ip());
        }
        field(b, "remote", m.remoteAddress() == null ? null : ServeCommand.address(m.remoteAddress()));
        field(b, "text", m.text());
        b.setLength(b.length() - 1);
        return b.append('}').toString();
    }

    private static void number(StringBuilder b, String name, int value) {
        if (value >= 0) {
            b.append('"').append(name).append("\":").append(value).append(',');
        }
    }

    private static void field(StringBuilder b, String name, String value) {
        if (value != null) {
            b.append('"').append(name).append("\":").append(LoadJson.quote(value)).append(',');
        }
    }
}
