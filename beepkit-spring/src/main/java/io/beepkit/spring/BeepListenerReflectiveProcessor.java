package io.beepkit.spring;

import io.beepkit.api.MimeEntity;
import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.ReflectionHints;
import org.springframework.aot.hint.annotation.SimpleReflectiveProcessor;
import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;

import java.lang.reflect.Method;
import java.util.concurrent.CompletionStage;

/**
 * The hints a native image needs for a {@link BeepListener} method (Spring AOT finds it through the annotation's
 * {@code @Reflective}): the method is invoked by reflection, and its payload and reply types are bound by the
 * converters (Jackson reads records through their constructors and accessors), a {@link CompletionStage}'s reply type
 * included.
 */
final class BeepListenerReflectiveProcessor extends SimpleReflectiveProcessor {
    private final BindingReflectionHintsRegistrar bindings = new BindingReflectionHintsRegistrar();

    @Override
    protected void registerMethodHint(ReflectionHints hints, Method method) {
        super.registerMethodHint(hints, method);
        for (int i = 0; i < method.getParameterCount(); i++) {
            MethodParameter parameter = new MethodParameter(method, i);
            if (ListenerArguments.isPayload(parameter)) {
                bindings.registerReflectionHints(hints, parameter.getGenericParameterType());
            }
        }
        ResolvableType reply = ResolvableType.forMethodReturnType(method);
        if (CompletionStage.class.isAssignableFrom(reply.toClass())) {
            reply = reply.as(CompletionStage.class).getGeneric(0);
        }
        Class<?> replyClass = reply.toClass();
        if (replyClass != void.class && replyClass != Void.class && replyClass != MimeEntity.class
                && replyClass != Object.class) {
            bindings.registerReflectionHints(hints, reply.getType());
        }
    }
}
