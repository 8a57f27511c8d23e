package io.beepkit.spring;

import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.annotation.ReflectiveRuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring AOT's reflection hints for {@link BeepListener} methods, as its bean-factory processor registers them for
 * every bean class: the method is invocable, its payload and reply types (a stage's included) are bound, the
 * library's own parameter types are not.
 */
class BeepListenerHintsTest {
    record Order(String item, int quantity) {
    }

    record Receipt(String id) {
    }

    record Audit(String line) {
    }

    static class Orders {
        @BeepListener(profile = "urn:test:orders")
        Receipt place(Order order, BeepSession session) {
            return new Receipt(order.item());
        }

        @BeepListener(profile = "urn:test:audit")
        CompletionStage<Audit> audit(MimeEntity entity) {
            return CompletableFuture.completedFuture(new Audit(entity.bodyText()));
        }

        Receipt notAListener(Order order) {
            return null;
        }
    }

    @Test
    void listenerMethodsAndTheirPayloadAndReplyTypesGetHints() {
        RuntimeHints hints = new RuntimeHints();
        new ReflectiveRuntimeHintsRegistrar().registerRuntimeHints(hints, Orders.class);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Orders.class, "place")).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Orders.class, "audit")).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Orders.class, "notAListener"))
                .rejects(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(Order.class)).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Order.class, "item")).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(Receipt.class)).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(Audit.class)).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(BeepSession.class)).rejects(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(MimeEntity.class)).rejects(hints);
    }
}
