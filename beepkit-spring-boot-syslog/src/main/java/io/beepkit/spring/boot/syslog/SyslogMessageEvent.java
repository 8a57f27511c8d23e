package io.beepkit.spring.boot.syslog;

import io.beepkit.syslog.SyslogMessage;
import org.springframework.context.ApplicationEvent;

/**
 * An RFC 3195 message the auto-configured collector received, published when the application defines no
 * {@code SyslogConsumer} bean. Listeners run on the session's callback thread before the message is acknowledged:
 * the window reopens (and COOKED's {@code <ok />} leaves) once every listener has returned, and a listener that throws
 * refuses the message (ERR 451 on COOKED, the session ends on RAW).
 */
public class SyslogMessageEvent extends ApplicationEvent {
    private final transient SyslogMessage message;

    /**
     * @param source  the collector that received it
     * @param message the message
     */
    public SyslogMessageEvent(Object source, SyslogMessage message) {
        super(source);
        this.message = message;
    }

    /** @return the message */
    public SyslogMessage getMessage() {
        return message;
    }
}
