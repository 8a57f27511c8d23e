package io.beepkit.smoke;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Reply;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogJsonEncoder;
import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogTransport;
import io.beepkit.syslog.kafka.KafkaSyslogSink;

import java.util.concurrent.TimeUnit;

/**
 * Runs one echo exchange over 127.0.0.1 with every beepkit jar on the module path, then checks that the engine's
 * packages are not exported to applications. Exits non-zero on any failure.
 */
public final class ModuleSmoke {
    private static final String[] ENGINE_CLASSES = {
        "io.beepkit.core.frame.FrameHeaderParser",
        "io.beepkit.netty.internal.session.DefaultBeepSession",
        "io.beepkit.syslog.internal.RawCollectorHandler",
    };

    private ModuleSmoke() {
    }

    public static void main(String[] args) throws Exception {
        BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).build();
        server.start().get(10, TimeUnit.SECONDS);
        try (BeepClient client = BeepClient.builder().build()) {
            BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
            BeepChannel channel = session.startChannel(StandardProfiles.ECHO).get(10, TimeUnit.SECONDS);
            Reply reply = channel.send(MimeEntity.of("hello over the module path")).get(10, TimeUnit.SECONDS);
            System.out.println("echo: " + reply.entity().bodyText());
            session.close().get(10, TimeUnit.SECONDS);
        } finally {
            server.close();
        }
        // The Kafka sink's module reads kafka-clients (an automatic module): building one creates a producer.
        try (KafkaSyslogSink sink = KafkaSyslogSink.builder().topic("smoke").bootstrapServers("127.0.0.1:1")
                .closeTimeout(java.time.Duration.ZERO).build()) {
            System.out.println("kafka sink for topic " + sink.topic() + ": " + SyslogJsonEncoder.encode(
                    SyslogMessage.builder().transport(SyslogTransport.RAW).text("<13>over the module path").build()));
        }
        Module self = ModuleSmoke.class.getModule();
        for (String name : ENGINE_CLASSES) {
            Class<?> engine = Class.forName(name);
            if (engine.getModule().isExported(engine.getPackageName(), self)) {
                throw new AssertionError(engine.getPackageName() + " is exported to applications");
            }
            System.out.println("not exported: " + engine.getPackageName() + " (" + engine.getModule().getName() + ")");
        }
    }
}
