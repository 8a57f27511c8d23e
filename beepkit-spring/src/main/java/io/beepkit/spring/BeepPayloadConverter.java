package io.beepkit.spring;

import io.beepkit.api.MimeEntity;
import org.jspecify.annotations.Nullable;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHeaders;
import org.springframework.messaging.converter.CompositeMessageConverter;
import org.springframework.messaging.converter.MessageConversionException;
import org.springframework.messaging.converter.MessageConverter;
import org.springframework.messaging.converter.SmartMessageConverter;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.messaging.support.MessageHeaderAccessor;
import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeType;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Converts between MIME entities and objects for {@link BeepListener} methods and {@link BeepTemplate}, with Spring's
 * {@link MessageConverter}s tried in order. The auto-configured bean has a {@code byte[]} converter, a text converter
 * and, when Jackson 3 is present, a JSON converter (with the context's {@code JsonMapper} if it has one); define a bean
 * of this type to use others.
 *
 * <p>Reading: an entity with a {@code Content-Type} header goes to the first converter that accepts that type and the
 * target class; an entity without the header has no type to match, so the first converter that supports the target
 * class reads it. {@code byte[]} and {@link MimeEntity} targets take the entity as it is, and a {@code String} target
 * its body decoded with the entity's charset, whatever its type. Writing: the first converter that
 * accepts the value writes it; its content type becomes the entity's {@code Content-Type}. A {@link MimeEntity} is
 * sent as it is.
 */
public final class BeepPayloadConverter {
    private final SmartMessageConverter converter;

    /** @param converters tried in this order, reading and writing */
    public BeepPayloadConverter(List<MessageConverter> converters) {
        if (converters.isEmpty()) {
            throw new IllegalArgumentException("a BeepPayloadConverter needs at least one MessageConverter");
        }
        this.converter = new CompositeMessageConverter(converters);
    }

    /**
     * Reads {@code entity} as a {@code type}.
     *
     * @param hint what the converters may use to resolve generic types (a {@code MethodParameter}), or null
     * @return the object, never null
     * @throws MessageConversionException if the {@code Content-Type} is malformed, no converter reads the entity as a
     *                                    {@code type}, or the one that does fails (a malformed body)
     */
    public Object read(MimeEntity entity, Class<?> type, @Nullable Object hint) {
        if (type == MimeEntity.class) {
            return entity;
        }
        if (type == byte[].class) {
            return entity.body();
        }
        if (type == String.class) {
            return entity.bodyText(); // the text as sent, whatever its type (JSON too), not a JSON string's value
        }
        MessageBuilder<byte[]> message = MessageBuilder.withPayload(entity.body());
        String contentType = entity.header("Content-Type");
        if (contentType != null) {
            message.setHeader(MessageHeaders.CONTENT_TYPE, mimeType(contentType));
        }
        Object value = converter.fromMessage(message.build(), type, hint);
        if (value == null) {
            throw new MessageConversionException("no converter reads " + (contentType == null
                    ? "an entity without Content-Type" : "Content-Type " + contentType) + " as a " + type.getName());
        }
        return value;
    }

    /**
     * Writes {@code value} as an entity with the converter's {@code Content-Type}.
     *
     * @throws MessageConversionException if no converter writes a value of that class, or the one that does fails
     */
    public MimeEntity write(Object value) {
        if (value instanceof MimeEntity entity) {
            return entity;
        }
        MessageHeaderAccessor headers = new MessageHeaderAccessor();
        headers.setLeaveMutable(true); // lets the converter record its content type
        Message<?> message = converter.toMessage(value, headers.getMessageHeaders());
        if (message == null) {
            throw new MessageConversionException("no converter writes a " + value.getClass().getName());
        }
        Object payload = message.getPayload();
        byte[] body = payload instanceof byte[] bytes ? bytes
                : payload instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : null;
        if (body == null) {
            throw new MessageConversionException("the converter of a " + value.getClass().getName()
                    + " produced a " + payload.getClass().getName() + ", not bytes or text");
        }
        Object type = message.getHeaders().get(MessageHeaders.CONTENT_TYPE);
        return type == null ? MimeEntity.of(body) : MimeEntity.of(type.toString(), body);
    }

    private static MimeType mimeType(String contentType) {
        try {
            return MimeType.valueOf(contentType);
        } catch (InvalidMimeTypeException e) {
            throw new MessageConversionException("malformed Content-Type '" + contentType + "': " + e.getMessage(), e);
        }
    }
}
