package io.beepkit.spring;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the {@link BeepListener} methods of a context's singleton beans, each as a handler a listener can serve. The
 * beans with such methods are looked up by type, without creating the others, and created here; a method whose
 * parameters cannot be served fails here, naming it.
 *
 * <pre>{@code
 * for (BeepListenerMethod m : BeepListenerMethods.find(beanFactory, converter)) {
 *     serverBuilder.profile(m.profile(), m.handler());
 * }
 * }</pre>
 */
public final class BeepListenerMethods {
    private BeepListenerMethods() {
    }

    /**
     * @param beans     the context whose singleton beans are searched
     * @param converter converts the MSGs' entities into the methods' payloads and their results into RPYs
     * @return the methods found, in the order of the beans' definitions
     * @throws IllegalStateException if a method's parameters cannot be served
     */
    public static List<BeepListenerMethod> find(ListableBeanFactory beans, BeepPayloadConverter converter) {
        List<BeepListenerMethod> found = new ArrayList<>();
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
                Method invocable = AopUtils.selectInvocableMethod(method, bean.getClass());
                found.add(new BeepListenerMethod(listener.profile(), source,
                        new ListenerMethodHandler(bean, invocable, listener.profile(), source, converter),
                        method.getReturnType()));
            });
        }
        return found;
    }
}
