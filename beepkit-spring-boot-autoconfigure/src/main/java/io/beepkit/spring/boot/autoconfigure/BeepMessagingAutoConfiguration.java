package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.spring.BeepListener;
import io.beepkit.spring.BeepTemplate;
import io.beepkit.spring.BeepTemplates;
import io.beepkit.spring.BeepPayloadConverter;
import io.beepkit.spring.BeepChannelDecorator;
import io.beepkit.api.BeepObserver;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.InitiatorSecurity;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.messaging.converter.ByteArrayMessageConverter;
import org.springframework.messaging.converter.MessageConverter;
import org.springframework.messaging.converter.StringMessageConverter;
import org.springframework.util.ClassUtils;

import java.util.ArrayList;
import java.util.List;
import java.util.HashMap;
import java.util.Map;

/**
 * The programming model, when spring-messaging is present: {@link BeepListener} methods served by the
 * auto-configured listener, {@link BeepTemplates} for the named clients ({@code beep.clients.<name>.*}), a
 * {@link BeepTemplate} bean for the client named {@code default}, and the {@link BeepPayloadConverter} both use.
 */
@AutoConfiguration(after = BeepAutoConfiguration.class)
@ConditionalOnClass({BeepServer.class, MessageConverter.class})
public final class BeepMessagingAutoConfiguration {
    private static final String JACKSON = "tools.jackson.databind.json.JsonMapper";

    /**
     * Bytes, text and, with Jackson 3, JSON (the context's {@code JsonMapper} if it has one). Text before JSON, so
     * that a {@code String} is sent as {@code text/plain}, not as a JSON string.
     */
    @Bean
    @ConditionalOnMissingBean
    BeepPayloadConverter beepPayloadConverter(ListableBeanFactory beans) {
        List<MessageConverter> converters = new ArrayList<>();
        converters.add(new ByteArrayMessageConverter());
        converters.add(new StringMessageConverter());
        if (jacksonPresent(beans)) {
            converters.add(JacksonConverter.create(beans));
        }
        return new BeepPayloadConverter(converters);
    }

    @Bean
    ListenerMethods beepListenerMethods(ListableBeanFactory beans, BeepPayloadConverter converter) {
        boolean ours = List.of(beans.getBeanNamesForType(BeepPayloadConverter.class)).contains("beepPayloadConverter");
        return new ListenerMethods(beans, converter,
                !ours || jacksonPresent(beans));
    }

    /**
     * The templates of {@code beep.clients.<name>.*}. Each client's settings are checked now, so that a refused value
     * fails start-up; its host and port are resolved again at its template's first call, so that they may name a
     * value published once the application runs ({@code ${local.beep.server.port}}).
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    BeepTemplates beepTemplates(BeepProperties properties, BeepPayloadConverter converter,
                                ObjectProvider<BeepObserver> observers,
                                ObjectProvider<BeepClientCustomizer> customizers,
                                ObjectProvider<BeepChannelDecorator> channelDecorators,
                                ObjectProvider<SslBundles> sslBundles, BeepResources resources,
                                Environment environment) {
        NamedClientFactory clients = new NamedClientFactory(properties,
                BeepObserver.composite(observers.orderedStream().toList()),
                customizers.orderedStream().toList(),
                sslBundles.getIfAvailable(), resources);
        Map<String, InitiatorSecurity> security = new HashMap<>();
        properties.getClients().forEach((name, client) -> {
            client.checkTarget(name, environment);
            security.put(name, clients.security(name, null));
        });
        return new BeepTemplates(properties.getClients().keySet(),
                name -> properties.client(name).target(name, environment),
                name -> clients.build(name, security.get(name)), converter,
                channelDecorators.orderedStream().toList());
    }

    /** The template of the client named {@code default}, for applications that talk to one listener. */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnProperty(prefix = "beep.clients.default", name = "host")
    BeepTemplate beepTemplate(BeepTemplates templates) {
        return templates.template("default");
    }

    /** Whether Jackson 3 is on the context's class path. */
    private static boolean jacksonPresent(ListableBeanFactory beans) {
        ClassLoader loader = beans instanceof ConfigurableBeanFactory c && c.getBeanClassLoader() != null
                ? c.getBeanClassLoader() : BeepMessagingAutoConfiguration.class.getClassLoader();
        return ClassUtils.isPresent(JACKSON, loader);
    }

    /** Kept apart so that Jackson's classes load only when Jackson is present. */
    private static final class JacksonConverter {
        static MessageConverter create(ListableBeanFactory beans) {
            tools.jackson.databind.json.JsonMapper mapper =
                    beans.getBeanProvider(tools.jackson.databind.json.JsonMapper.class).getIfAvailable();
            return mapper != null
                    ? new org.springframework.messaging.converter.JacksonJsonMessageConverter(mapper)
                    : new org.springframework.messaging.converter.JacksonJsonMessageConverter();
        }
    }
}
