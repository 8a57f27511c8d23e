package io.beepkit.test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Fails a test class when Netty reports a buffer leak ({@code ByteBuf} not released) during its tests. It sets Netty's
 * leak detection to PARANOID (every buffer tracked) for the class and, after it, forces a few garbage collections and
 * allocations: Netty notices a leak only when a leaked buffer has been collected and a later allocation polls the
 * detector.
 *
 * <p>It needs {@link LeakFailingDetector} installed in the test JVM, for example with Surefire:
 * <pre>{@code
 * <systemPropertyVariables>
 *   <io.netty.customResourceLeakDetector>io.beepkit.test.LeakFailingDetector</io.netty.customResourceLeakDetector>
 * </systemPropertyVariables>
 * }</pre>
 * and fails the class with a message saying so when it is not. Register it with
 * {@code @ExtendWith(LeakCheckExtension.class)}, or for every test class through JUnit's extension auto-detection
 * ({@code junit.jupiter.extensions.autodetection.enabled=true} in {@code junit-platform.properties} and the class name
 * in {@code META-INF/services/org.junit.jupiter.api.extension.Extension}). A leak is reported against the class whose
 * tests were running when Netty noticed it, which is nearly always the class that leaked.
 */
public final class LeakCheckExtension implements BeforeAllCallback, AfterAllCallback {
    /** Created by JUnit. */
    public LeakCheckExtension() {
    }

    /** Turns leak detection to PARANOID and forgets leaks reported before the class. Called by JUnit. */
    @Override
    public void beforeAll(ExtensionContext context) {
        if (!LeakFailingDetector.installed()) {
            throw new ExtensionConfigurationException("LeakCheckExtension cannot see Netty's leak reports: set the"
                    + " system property " + LeakFailingDetector.PROPERTY + "=" + LeakFailingDetector.class.getName()
                    + " in the test JVM (it is " + System.getProperty(LeakFailingDetector.PROPERTY) + ")");
        }
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        LeakFailingDetector.drain();
    }

    /** Makes Netty look for leaks and fails the class, listing them, if it found any. Called by JUnit. */
    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(20);
            for (int j = 0; j < 100; j++) {
                ByteBuf a = PooledByteBufAllocator.DEFAULT.buffer(16);
                a.release();
                ByteBuf b = UnpooledByteBufAllocator.DEFAULT.buffer(16);
                b.release();
                ByteBuf c = PooledByteBufAllocator.DEFAULT.directBuffer(16);
                c.release();
            }
        }
        List<String> leaks = LeakFailingDetector.drain();
        if (!leaks.isEmpty()) {
            fail("Netty buffer leak(s) in " + context.getDisplayName() + ":\n" + String.join("\n", leaks));
        }
    }
}
