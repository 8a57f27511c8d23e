package io.beepkit.test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The leak check fails the class that leaked a buffer, and says how to install the detector when it is missing. */
class LeakCheckExtensionTest {
    static Throwable classFailure(Class<?> example) {
        Events containers = Examples.run(example).containerEvents();
        return containers.failed().stream().findFirst()
                .orElseThrow(() -> new AssertionError(example.getSimpleName() + " did not fail"))
                .getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
    }

    @Test
    void aLeakedBufferFailsTheClass() {
        Throwable failure = classFailure(Leaking.class);
        assertTrue(failure.getMessage().startsWith("Netty buffer leak(s) in LeakCheckExtensionTest$Leaking:\nByteBuf"
                + " leaked:"), failure.getMessage());
        assertTrue(failure.getMessage().contains("LeakCheckExtensionTest$Leaking.leaks"), failure.getMessage());
    }

    @Test
    void withoutTheDetectorItSaysWhatToSet() {
        String installed = System.getProperty(LeakFailingDetector.PROPERTY);
        System.setProperty(LeakFailingDetector.PROPERTY, "other.Detector");
        try {
            Throwable failure = classFailure(Clean.class);
            assertEquals(ExtensionConfigurationException.class, failure.getClass());
            assertTrue(failure.getMessage().contains("set the system property io.netty.customResourceLeakDetector="
                    + "io.beepkit.test.LeakFailingDetector in the test JVM (it is other.Detector)"),
                    failure.getMessage());
        } finally {
            System.setProperty(LeakFailingDetector.PROPERTY, installed);
        }
    }

    @ExtendWith({Examples.class, LeakCheckExtension.class})
    static class Leaking {
        @Test
        void leaks() {
            ByteBuf buffer = PooledByteBufAllocator.DEFAULT.buffer(8);
            // Never released. Netty reports a leak with the same access records once per JVM: the hint makes each
            // run's records differ, for a test that runs again.
            buffer.touch("leaked at " + System.nanoTime()).writeLong(42);
        }
    }

    @ExtendWith({Examples.class, LeakCheckExtension.class})
    static class Clean {
        @Test
        void releases() {
            ByteBuf buffer = PooledByteBufAllocator.DEFAULT.buffer(8);
            buffer.release();
        }
    }
}
