package io.beepkit.spring;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.converter.MessageConversionException;
import org.springframework.util.ReflectionUtils;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * Serves a profile with a {@link BeepListener} method: converts each MSG into the method's arguments, calls it on the
 * callback executor (it may block) and turns what it returns or throws into the RPY or ERR.
 */
final class ListenerMethodHandler implements MessageHandler {
    /** RFC 3080 §8: the entity cannot be read as the method's payload. */
    static final int UNREADABLE = 501;
    /** RFC 3080 §8: the method failed, or its result cannot be written; the peer learns nothing more. */
    static final int FAILED = 550;
    static final String FAILED_TEXT = "requested action not taken";
    private static final Logger log = LoggerFactory.getLogger(ListenerMethodHandler.class);

    private final Object bean;
    private final Method method;
    private final String profile;
    private final String source;
    private final ListenerArguments arguments;
    private final BeepPayloadConverter converter;

    /**
     * @param method the method to call on {@code bean} (on a proxy, the proxy's method)
     * @param source the method as messages name it
     */
    ListenerMethodHandler(Object bean, Method method, String profile, String source, BeepPayloadConverter converter) {
        this.bean = bean;
        this.method = method;
        this.profile = profile;
        this.source = source;
        this.arguments = ListenerArguments.of(method, source);
        this.converter = converter;
        ReflectionUtils.makeAccessible(method);
    }

    /** @return the payload parameter's class, or null when the method takes none */
    @Nullable Class<?> payloadType() {
        return arguments.payloadClass();
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        Object[] args;
        try {
            args = arguments.resolve(message, converter);
        } catch (MessageConversionException e) {
            log.debug("{} on {}: cannot read MSG {}: {}", source, profile, message.msgno(), e.getMessage());
            responder.refuse(UNREADABLE, "the message's entity (Content-Type " + message.entity().contentType()
                    + ") cannot be read");
            return;
        }
        Object result;
        try {
            result = method.invoke(bean, args);
        } catch (InvocationTargetException e) {
            fail(responder, e.getCause());
            return;
        } catch (IllegalAccessException | RuntimeException e) {
            fail(responder, e);
            return;
        }
        if (result instanceof CompletionStage<?> stage) {
            stage.whenComplete((value, e) -> {
                if (e != null) {
                    fail(responder, unwrap(e));
                } else {
                    reply(responder, value);
                }
            });
        } else {
            reply(responder, result);
        }
    }

    private void reply(Responder responder, @Nullable Object value) {
        MimeEntity entity;
        try {
            entity = value == null ? MimeEntity.EMPTY_ENTITY : converter.write(value);
        } catch (RuntimeException e) {
            log.error("{} on {}: cannot write its result as a reply", source, profile, e);
            responder.refuse(FAILED, FAILED_TEXT);
            return;
        }
        responder.reply(entity);
    }

    /**
     * An application's ERR (a 4xx or 5xx code, RFC 3080 §8) passes as it is; anything else is logged here, once, and
     * reaches the peer as 550.
     */
    private void fail(Responder responder, Throwable e) {
        if (e instanceof BeepErrorException err && err.code() >= 400 && err.code() <= 599) {
            log.debug("{} on {} answered ERR {} {}", source, profile, err.code(), err.diagnostic());
            responder.refuse(err.code(), err.diagnostic());
            return;
        }
        log.error("{} on {} failed; the peer gets ERR {}", source, profile, FAILED, e);
        responder.refuse(FAILED, FAILED_TEXT);
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    @Override
    public String toString() {
        return source;
    }
}
