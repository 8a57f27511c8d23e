package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepPayloadConverter;
import io.beepkit.api.MimeEntity;
import org.junit.jupiter.api.Test;
import org.springframework.core.MethodParameter;
import org.springframework.messaging.converter.ByteArrayMessageConverter;
import org.springframework.messaging.converter.JacksonJsonMessageConverter;
import org.springframework.messaging.converter.MessageConversionException;
import org.springframework.messaging.converter.StringMessageConverter;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link BeepPayloadConverter} with the auto-configured converters: what each entity reads as, and writes as. */
class BeepListenerConversionTest {
    record Order(String item, int quantity) {
    }

    final BeepPayloadConverter converter = new BeepPayloadConverter(List.of(new ByteArrayMessageConverter(),
            new StringMessageConverter(), new JacksonJsonMessageConverter()));

    static MimeEntity entity(String contentType, String body) {
        return MimeEntity.of(contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unused")
    void orders(List<Order> orders) {
    }

    @Test
    void readsByContentTypeAndTarget() throws Exception {
        assertThat(converter.read(entity("application/json", "{\"item\":\"tea\",\"quantity\":2}"), Order.class, null))
                .isEqualTo(new Order("tea", 2));
        // No Content-Type: the first converter that supports the class reads it.
        assertThat(converter.read(MimeEntity.of("{\"item\":\"cup\",\"quantity\":1}"), Order.class, null))
                .isEqualTo(new Order("cup", 1));
        // A method parameter's generic type reaches the JSON converter.
        MethodParameter list = new MethodParameter(getClass().getDeclaredMethod("orders", List.class), 0);
        assertThat(converter.read(entity("application/json", "[{\"item\":\"a\",\"quantity\":1}]"), List.class, list))
                .isEqualTo(List.of(new Order("a", 1)));
        MimeEntity any = entity("application/xml", "<x/>");
        assertThat(converter.read(any, MimeEntity.class, null)).isSameAs(any);
        assertThat((byte[]) converter.read(any, byte[].class, null)).isEqualTo(any.body());
        assertThat(converter.read(any, String.class, null)).isEqualTo("<x/>");
    }

    @Test
    void unreadableEntitiesAreConversionFailuresNamingWhy() {
        assertThatThrownBy(() -> converter.read(entity("application/xml", "<x/>"), Order.class, null))
                .isInstanceOf(MessageConversionException.class)
                .hasMessage("no converter reads Content-Type application/xml as a " + Order.class.getName());
        assertThatThrownBy(() -> converter.read(entity("not a type", "{}"), Order.class, null))
                .isInstanceOf(MessageConversionException.class)
                .hasMessageStartingWith("malformed Content-Type 'not a type'");
        assertThatThrownBy(() -> converter.read(entity("application/json", "{\"item\":"), Order.class, null))
                .isInstanceOf(MessageConversionException.class);
    }

    @Test
    void writesWithTheConvertersContentType() {
        MimeEntity json = converter.write(new Order("tea", 2));
        assertThat(json.contentType()).isEqualTo("application/json");
        assertThat(json.bodyText()).isEqualTo("{\"item\":\"tea\",\"quantity\":2}");
        MimeEntity text = converter.write("grüße");
        assertThat(text.contentType()).isEqualTo("text/plain;charset=UTF-8");
        assertThat(text.bodyText()).isEqualTo("grüße");
        assertThat(converter.write(new byte[] {1, 2}).contentType()).isEqualTo("application/octet-stream");
        MimeEntity entity = MimeEntity.of("x");
        assertThat(converter.write(entity)).isSameAs(entity);
        assertThatThrownBy(() -> new BeepPayloadConverter(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
