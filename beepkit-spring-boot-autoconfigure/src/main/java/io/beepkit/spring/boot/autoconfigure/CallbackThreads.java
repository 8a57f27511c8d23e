package io.beepkit.spring.boot.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.system.JavaVersion;
import org.springframework.core.env.Environment;
import org.springframework.core.task.VirtualThreadTaskExecutor;

import java.util.concurrent.Executor;

/**
 * Runs application callbacks on virtual threads when {@code spring.threads.virtual.enabled=true}, as Spring Boot's
 * own executors do: each callback on a new virtual thread, still one at a time per session (the engine serialises
 * them). Java 17 has no virtual threads: there the property is ignored, with one log line. Direct callbacks
 * ({@code beep.resources.direct-callbacks}) win; both go to the one {@link io.beepkit.netty.BeepResources} bean.
 */
final class CallbackThreads {
    private static final Logger log = LoggerFactory.getLogger(CallbackThreads.class);
    static final String PROPERTY = "spring.threads.virtual.enabled";

    private CallbackThreads() {
    }

    /**
     * A virtual-thread callback executor when the property asks for one and the JVM has them, else null.
     *
     * @param name what the callbacks belong to, for the threads' names ({@code beep-server}, {@code beep-client}...)
     */
    static @Nullable Executor executor(Environment environment, String name) {
        if (!environment.getProperty(PROPERTY, Boolean.class, false)) {
            return null;
        }
        if (!JavaVersion.getJavaVersion().isEqualOrNewerThan(JavaVersion.TWENTY_ONE)) {
            log.info("{}=true is ignored for BEEP callbacks of {}: Java {} has no virtual threads (21 or newer has)",
                    PROPERTY, name, System.getProperty("java.specification.version"));
            return null;
        }
        return new VirtualThreadTaskExecutor(name + "-callback-");
    }
}
