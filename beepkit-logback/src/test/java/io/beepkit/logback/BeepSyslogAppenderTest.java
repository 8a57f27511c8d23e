package io.beepkit.logback;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.status.Status;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogConsumer;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogStructuredData;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link BeepSyslogAppender} configured from a logback.xml, into a collector on 127.0.0.1. */
class BeepSyslogAppenderTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    @Test
    void everyEventOfALogbackXmlConfiguredAppenderReachesTheCollector() throws Exception {
        Map<String, SyslogMessage> received = new ConcurrentHashMap<>();
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            received.put(m.message(), m);
            return SyslogConsumer.HANDLED;
        }).build();
        BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build();
        teardown.onClose(() -> server.close(Duration.ZERO));
        server.start().get(10, TimeUnit.SECONDS);
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        teardown.onClose(context::stop); // for a test that fails before it stops the context
        context.putProperty("collector.port", Integer.toString(server.port()));
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(getClass().getResource("/beep-logback-test.xml"));
        Logger log = context.getLogger("com.example.Orders");
        int n = 5000;
        for (int i = 0; i < n; i++) {
            context.getMDCAdapter().put("order", "o-" + i + "]\"");
            log.info("order {} placed", i);
        }
        context.getMDCAdapter().clear();
        log.debug("below the root level: not shipped");
        BeepSyslogAppender appender = (BeepSyslogAppender) context.getLogger("ROOT").getAppender("BEEP");
        context.stop(); // stops the appender: it delivers what it holds first
        assertEquals(n, appender.counts().delivered(), appender.counts().toString());
        assertEquals(n, received.size());
        SyslogMessage m = received.get("order 42 placed");
        assertEquals(19, m.facility()); // local3
        assertEquals(6, m.severity());
        assertEquals("logback-test", m.appName());
        SyslogStructuredData.Element log0 = m.structuredDataElements().get(0);
        assertEquals("com.example.Orders", log0.param("logger"));
        assertEquals(Thread.currentThread().getName(), log0.param("thread"));
        assertEquals("o-42]\"", m.structuredDataElements().get(1).param("order"));
        assertTrue(context.getStatusManager().getCopyOfStatusList().stream()
                .noneMatch(s -> s.getLevel() == Status.ERROR), "no error status");
    }
}
