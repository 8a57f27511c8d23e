package io.beepkit.spring;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import org.jspecify.annotations.Nullable;
import org.springframework.core.MethodParameter;
import org.springframework.messaging.handler.annotation.Headers;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The arguments of a {@link BeepListener} method, worked out once from its parameters: the MSG's channel, session,
 * message, entity or headers, and at most one payload converted from the entity.
 */
final class ListenerArguments {
    private enum Kind { PAYLOAD, CHANNEL, SESSION, MESSAGE, ENTITY, HEADERS }

    private final Kind[] kinds;
    private final @Nullable MethodParameter payload;

    private ListenerArguments(Kind[] kinds, @Nullable MethodParameter payload) {
        this.kinds = kinds;
        this.payload = payload;
    }

    /** @return the payload parameter's class, or null when the method takes no payload */
    @Nullable Class<?> payloadClass() {
        return payload == null ? null : payload.getParameterType();
    }

    /**
     * @param source the method as start-up messages name it
     * @throws IllegalStateException if more than one parameter would take the payload
     */
    static ListenerArguments of(Method method, String source) {
        Kind[] kinds = new Kind[method.getParameterCount()];
        MethodParameter payload = null;
        for (int i = 0; i < kinds.length; i++) {
            MethodParameter p = new MethodParameter(method, i);
            kinds[i] = kind(p);
            if (kinds[i] == Kind.PAYLOAD) {
                if (payload != null) {
                    throw new IllegalStateException(source + " has two payload parameters (" + payload.getParameterType()
                            .getSimpleName() + " and " + p.getParameterType().getSimpleName() + "): a MSG carries "
                            + "one entity; the other parameters may be BeepChannel, BeepSession, Message, MimeEntity "
                            + "or a @Headers Map");
                }
                payload = p;
            }
        }
        return new ListenerArguments(kinds, payload);
    }

    /** @return whether {@code p} takes the MSG's converted payload (rather than its channel, session...) */
    static boolean isPayload(MethodParameter p) {
        return kind(p) == Kind.PAYLOAD;
    }

    private static Kind kind(MethodParameter p) {
        Class<?> type = p.getParameterType();
        if (p.hasParameterAnnotation(Headers.class) && Map.class.isAssignableFrom(type)) {
            return Kind.HEADERS;
        }
        if (type == BeepChannel.class) {
            return Kind.CHANNEL;
        }
        if (type == BeepSession.class) {
            return Kind.SESSION;
        }
        if (type == Message.class) {
            return Kind.MESSAGE;
        }
        return type == MimeEntity.class ? Kind.ENTITY : Kind.PAYLOAD;
    }

    /**
     * The arguments for one MSG.
     *
     * @throws org.springframework.messaging.converter.MessageConversionException if the payload cannot be read
     */
    Object[] resolve(Message message, BeepPayloadConverter converter) {
        Object[] args = new Object[kinds.length];
        for (int i = 0; i < kinds.length; i++) {
            args[i] = switch (kinds[i]) {
                case CHANNEL -> message.channel();
                case SESSION -> message.channel().session();
                case MESSAGE -> message;
                case ENTITY -> message.entity();
                case HEADERS -> headers(message.entity());
                case PAYLOAD -> converter.read(message.entity(), payloadType(), payload);
            };
        }
        return args;
    }

    private Class<?> payloadType() {
        return payload == null ? Object.class : payload.getParameterType();
    }

    /** The entity's headers by name as written, the first value of a name repeated. */
    private static Map<String, String> headers(MimeEntity entity) {
        Map<String, String> headers = new LinkedHashMap<>();
        entity.headers().forEach(h -> headers.putIfAbsent(h.getKey(), h.getValue()));
        return Collections.unmodifiableMap(headers);
    }
}
