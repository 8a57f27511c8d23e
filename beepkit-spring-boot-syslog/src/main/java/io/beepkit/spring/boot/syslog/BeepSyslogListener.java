package io.beepkit.spring.boot.syslog;

import io.beepkit.netty.BeepServer;
import io.beepkit.spring.boot.autoconfigure.BeepServerLifecycle;
import io.beepkit.spring.boot.autoconfigure.ListenerLifecycle;

import java.time.Duration;

/**
 * The syslog collector's own listener ({@code beep.syslog.host}, {@code beep.syslog.port}), started and stopped with
 * the application context as {@link BeepServerLifecycle} is: while it runs {@code local.beep.syslog.port} holds the
 * bound port; at stop devices' sessions get {@code beep.syslog.shutdown-timeout} to be released.
 */
public class BeepSyslogListener extends ListenerLifecycle {
    /** The environment property that holds the bound port while the collector runs. */
    public static final String PORT_PROPERTY = "local.beep.syslog.port";

    /**
     * @param server          the collector's listener, built but not started
     * @param shutdownTimeout how long the release of sessions may take at stop
     */
    public BeepSyslogListener(BeepServer server, Duration shutdownTimeout) {
        super(server, shutdownTimeout, PORT_PROPERTY);
    }
}
