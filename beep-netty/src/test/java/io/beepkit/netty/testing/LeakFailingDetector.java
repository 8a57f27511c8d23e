package io.beepkit.netty.testing;

import io.netty.util.ResourceLeakDetector;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A Netty leak detector (installed with {@code -Dio.netty.customResourceLeakDetector}) that records every leak
 * report so {@link LeakCheckExtension} can fail the test class instead of only logging.
 */
public final class LeakFailingDetector<T> extends ResourceLeakDetector<T> {
    private static final List<String> LEAKS = new CopyOnWriteArrayList<>();

    public LeakFailingDetector(Class<?> resourceType, int samplingInterval, long maxActive) {
        super(resourceType, samplingInterval, maxActive);
    }

    public LeakFailingDetector(Class<?> resourceType, int samplingInterval) {
        super(resourceType, samplingInterval);
    }

    @Override
    protected void reportTracedLeak(String resourceType, String records) {
        LEAKS.add(resourceType + " leaked:" + records);
        super.reportTracedLeak(resourceType, records);
    }

    @Override
    protected void reportUntracedLeak(String resourceType) {
        LEAKS.add(resourceType + " leaked (untraced)");
        super.reportUntracedLeak(resourceType);
    }

    /** Leaks reported so far, cleared by the call. */
    public static List<String> drain() {
        List<String> out = List.copyOf(LEAKS);
        LEAKS.clear();
        return out;
    }
}
