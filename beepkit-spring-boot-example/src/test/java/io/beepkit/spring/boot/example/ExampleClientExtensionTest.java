package io.beepkit.spring.boot.example;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.MimeEntity;
import io.beepkit.test.BeepClientExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The recipe of docs/testing.md with beepkit-test: a {@link BeepClientExtension} whose port is the application's
 * {@code local.beep.server.port}, read when the session opens (the field is injected before each test).
 */
@SpringBootTest(properties = "beep.server.port=0")
class ExampleClientExtensionTest {
    @Value("${local.beep.server.port}")
    int port;

    @RegisterExtension
    BeepClientExtension beep = BeepClientExtension.builder().target("127.0.0.1", () -> port).build();

    @Test
    void theExtensionReachesTheApplicationsListener() throws Exception {
        BeepChannel channel = beep.session().startChannel(UpperCaseHandler.URI).get(10, TimeUnit.SECONDS);
        assertThat(channel.send(MimeEntity.of("extension")).get(10, TimeUnit.SECONDS).entity().bodyText())
                .isEqualTo("EXTENSION");
    }
}
