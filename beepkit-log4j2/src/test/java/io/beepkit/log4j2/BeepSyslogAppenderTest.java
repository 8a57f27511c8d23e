package io.beepkit.log4j2;

import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogStructuredData;
import io.beepkit.test.TeardownExtension;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The {@code BeepSyslog} plugin configured from a log4j2.xml, into a collector on 127.0.0.1. */
class BeepSyslogAppenderTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    @Test
    void everyEventOfALog4j2XmlConfiguredAppenderReachesTheCollector() throws Exception {
        Map<String, SyslogMessage> received = new ConcurrentHashMap<>();
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            received.put(m.message(), m);
            return SyslogConsumer.HANDLED;
        }).build();
        BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build();
        teardown.onClose(() -> server.close(Duration.ZERO));
        server.start().get(10, TimeUnit.SECONDS);
        System.setProperty("collector.port", Integer.toString(server.port()));
        LoggerContext context = Configurator.initialize("beep-test", getClass().getClassLoader(),
                getClass().getResource("/beep-log4j2-test.xml").toURI());
        teardown.onClose(() -> Configurator.shutdown(context)); // for a test that fails before it stops the context
        Logger log = context.getLogger("com.example.Orders");
        int n = 5000;
        for (int i = 0; i < n; i++) {
            ThreadContext.put("order", "o-" + i + "]\"");
            log.warn("order {} late", i);
        }
        ThreadContext.clearMap();
        log.debug("below the root level: not shipped");
        BeepSyslogAppender appender = context.getConfiguration().getAppender("BEEP");
        Configurator.shutdown(context); // stops the appender: it delivers what it holds first
        assertEquals(n, appender.counts().delivered(), appender.counts().toString());
        assertEquals(n, received.size());
        SyslogMessage m = received.get("order 42 late");
        assertEquals(20, m.facility()); // local4
        assertEquals(4, m.severity());
        assertEquals("log4j2-test", m.appName());
        SyslogStructuredData.Element log0 = m.structuredDataElements().get(0);
        assertEquals("com.example.Orders", log0.param("logger"));
        assertEquals(Thread.currentThread().getName(), log0.param("thread"));
        assertEquals("o-42]\"", m.structuredDataElements().get(1).param("order"));
    }
}
