package io.beepkit.netty.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Fails a test class when Netty reports a buffer leak. Registered for every test class through JUnit's extension
 * auto-detection (see {@code junit-platform.properties}). Leaks surface when leaked buffers are collected and a later
 * allocation polls the detector, so after the class it forces a few collections and allocations.
 */
public final class LeakCheckExtension implements BeforeAllCallback, AfterAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        LeakFailingDetector.drain();
    }

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
