package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.BeepServer;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;

import java.lang.reflect.Method;
import java.util.Map;

/**
 * Finds the {@link BeepListener} methods of the context's beans and adds each to the auto-configured listener as a
 * {@link ListenerMethodHandler}. A customizer rather than a bean post-processor because the listener's profiles are
 * fixed when its builder builds: the beans with such methods are looked up by type, without creating the others, and
 * created here. Runs before the application's customizers, which may still replace a profile.
 */
final class ListenerMethods implements BeepServerCustomizer, Ordered {
    private final ListableBeanFactory beans;
    private final BeepPayloadConverter converter;

    ListenerMethods(ListableBeanFactory beans, BeepPayloadConverter converter) {
        this.beans = beans;
        this.converter = converter;
    }

    @Override
    public void customize(BeepServer.Builder server) {
        ProfileSources sources = ProfileSources.of(beans);
        // Singletons only: a listener method serves every session, so its bean must outlive them all.
        for (String name : beans.getBeanNamesForType(Object.class, false, false)) {
            Class<?> type = beans.getType(name, false);
            if (type == null) {
                continue;
            }
            Class<?> userType = ClassUtils.getUserClass(type);
            if (!AnnotationUtils.isCandidateClass(userType, BeepListener.class)) {
                continue;
            }
            Map<Method, BeepListener> methods = MethodIntrospector.selectMethods(userType,
                    (MethodIntrospector.MetadataLookup<BeepListener>) m ->
                            AnnotatedElementUtils.findMergedAnnotation(m, BeepListener.class));
            if (methods.isEmpty()) {
                continue;
            }
            Object bean = beans.getBean(name);
            methods.forEach((method, listener) -> {
                String source = "@BeepListener method " + userType.getSimpleName() + "." + method.getName()
                        + " of bean '" + name + "'";
                sources.claim(listener.profile(), source);
                Method invocable = AopUtils.selectInvocableMethod(method, bean.getClass());
                server.profile(listener.profile(), HandlerDecorators.decorate(listener.profile(),
                        new ListenerMethodHandler(bean, invocable, listener.profile(), source, converter), beans));
            });
        }
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
