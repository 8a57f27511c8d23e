package io.beepkit.spring.boot.example;

import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.spring.BeepPayloadConverter;
import io.beepkit.spring.BeepTemplate;
import io.beepkit.spring.BeepTemplates;
import io.beepkit.spring.TemplateTarget;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docs/testing.md recipe for a {@link BeepTemplate} against the application's own listener on a free port: the
 * template's target is asked at its first call, when {@code local.beep.server.port} is known; its client runs on the
 * application's {@link BeepResources} and converts with the application's {@link BeepPayloadConverter}.
 */
@SpringBootTest(properties = "beep.server.port=0")
class ExampleTemplateTest {
    @Value("${local.beep.server.port}")
    int port;

    @Autowired
    BeepPayloadConverter converter;

    @Autowired
    BeepResources resources;

    BeepTemplates templates;

    @AfterEach
    void closeTemplates() {
        if (templates != null) {
            templates.close();
        }
    }

    @Test
    void aTemplateCallsTheApplicationsOwnListener() {
        templates = new BeepTemplates(Set.of("self"),
                name -> TemplateTarget.builder().host("127.0.0.1").port(port)
                        .defaultProfile(UpperCaseHandler.URI).build(),
                name -> BeepClient.builder().resources(resources).build(), converter, List.of());
        BeepTemplate self = templates.template("self");
        assertThat(self.sendAndReceive("template", String.class)).isEqualTo("TEMPLATE");
    }
}
