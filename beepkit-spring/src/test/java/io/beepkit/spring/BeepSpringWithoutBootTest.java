package io.beepkit.spring;

import io.beepkit.api.BeepErrorException;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.messaging.converter.StringMessageConverter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The programming model without Spring Boot, against a real listener on 127.0.0.1: {@link BeepListenerMethods} finds
 * the methods of a plain Spring context, {@link BeepTemplates} calls them, asking for its target only at the first
 * call (so that a port known only after start-up can be named).
 */
class BeepSpringWithoutBootTest {
    static final String UPPER = "urn:test:upper";

    /** A bean with a listener method. */
    static class Upper {
        @BeepListener(profile = UPPER)
        String upper(String text) {
            if (text.isEmpty()) {
                throw new BeepErrorException(553, "empty");
            }
            return text.toUpperCase(Locale.ROOT);
        }
    }

    private final List<AutoCloseable> closing = new ArrayList<>();
    private final BeepPayloadConverter converter = new BeepPayloadConverter(List.of(new StringMessageConverter()));

    @AfterEach
    void close() throws Exception {
        for (int i = closing.size() - 1; i >= 0; i--) {
            closing.get(i).close();
        }
    }

    private BeepServer listener() {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext(Upper.class);
        closing.add(context);
        List<BeepListenerMethod> methods = BeepListenerMethods.find(context, converter);
        assertThat(methods).singleElement().satisfies(m -> {
            assertThat(m.profile()).isEqualTo(UPPER);
            assertThat(m.description()).contains("Upper.upper");
        });
        BeepServer.Builder builder = BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles();
        methods.forEach(m -> builder.profile(m.profile(), m.handler()));
        BeepServer server = builder.build().start().join();
        closing.add(server);
        return server;
    }

    private BeepTemplates templates(AtomicInteger port) {
        BeepTemplates templates = new BeepTemplates(Set.of("self"),
                name -> TemplateTarget.builder().host("127.0.0.1").port(port.get()).defaultProfile(UPPER).build(),
                name -> BeepClient.builder().build(), converter, List.of());
        closing.add(templates);
        return templates;
    }

    @Test
    void templateResolvesItsTargetAtTheFirstCall() {
        AtomicInteger port = new AtomicInteger(); // unknown when the template is made, as local.beep.server.port
        BeepTemplate self = templates(port).template("self");
        port.set(listener().port());

        assertThat(self.sendAndReceive("abc", String.class)).isEqualTo("ABC");
        assertThatThrownBy(() -> self.sendAndReceive("", String.class))
                .isInstanceOfSatisfying(BeepErrorException.class, e -> assertThat(e.code()).isEqualTo(553));
    }

    @Test
    void aTargetThatCannotBeResolvedFailsTheCallAndIsAskedAgain() {
        AtomicInteger port = new AtomicInteger(); // port 0: TemplateTarget refuses it
        BeepTemplate self = templates(port).template("self");

        assertThatThrownBy(() -> self.sendAndReceiveAsync("abc", String.class).join())
                .isInstanceOf(CompletionException.class).hasRootCauseMessage("port must be 1..65535, was 0");
        port.set(listener().port());
        assertThat(self.sendAndReceive("abc", String.class)).isEqualTo("ABC");
    }

    @Test
    void anUnknownClientNameListsTheConfiguredOnes() {
        assertThatThrownBy(() -> templates(new AtomicInteger()).template("other"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("configured: self");
    }
}
