package io.beepkit.spring.boot.example;

import io.beepkit.spring.BeepTemplate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docs/testing.md recipe for a {@link BeepTemplate} against the application's own listener on a free port: the
 * client's port names {@code ${local.beep.server.port}}, which its template resolves at its first call, once the
 * listener has bound.
 */
@SpringBootTest(properties = {"beep.server.port=0", "beep.clients.default.host=127.0.0.1",
        "beep.clients.default.port=${local.beep.server.port}", "beep.clients.default.profile=" + UpperCaseHandler.URI})
class ExampleTemplateTest {
    @Autowired
    BeepTemplate template;

    @Test
    void aTemplateCallsTheApplicationsOwnListener() {
        assertThat(template.sendAndReceive("template", String.class)).isEqualTo("TEMPLATE");
    }
}
