package io.beepkit.spring.boot.example;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.netty.BeepClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The recipe docs/spring-boot.md gives for testing an application: {@code beep.server.port=0} picks a free port and
 * {@code local.beep.server.port} tells the test which.
 */
@SpringBootTest(properties = "beep.server.port=0")
class ExampleSpringBootTest {
    @Value("${local.beep.server.port}")
    int port;

    @Autowired
    BeepClient client;

    @Test
    void theBoundPortIsInLocalBeepServerPort() throws Exception {
        assertThat(port).isPositive().isNotEqualTo(10288);
        BeepSession session = client.connect("127.0.0.1", port).get(5, TimeUnit.SECONDS);
        BeepChannel channel = session.startChannel(UpperCaseHandler.URI).get(5, TimeUnit.SECONDS);
        assertThat(channel.send(MimeEntity.of("recipe")).get(5, TimeUnit.SECONDS).entity().bodyText())
                .isEqualTo("RECIPE");
        session.close().get(5, TimeUnit.SECONDS);
    }
}
