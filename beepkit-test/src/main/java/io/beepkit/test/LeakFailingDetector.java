package io.beepkit.test;

import io.netty.util.ResourceLeakDetector;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A Netty leak detector that records every leak it reports, so that {@link LeakCheckExtension} can fail the test
 * class instead of the report only reaching the log. Netty creates its detectors when its buffer classes load, so it
 * has to be named before that, with a system property of the test JVM:
 * {@code -Dio.netty.customResourceLeakDetector=io.beepkit.test.LeakFailingDetector}.
 *
 * @param <T> the type of resource tracked
 */
public final class LeakFailingDetector<T> extends ResourceLeakDetector<T> {
    /** The system property that names Netty's leak detector class. */
    public static final String PROPERTY = "io.netty.customResourceLeakDetector";

    private static final List<String> LEAKS = new CopyOnWriteArrayList<>();

    /**
     * Called by Netty.
     *
     * @param resourceType     the type of resource tracked
     * @param samplingInterval how many allocations per tracked one, below the PARANOID level
     */
    public LeakFailingDetector(Class<?> resourceType, int samplingInterval) {
        super(resourceType, samplingInterval);
    }

    /**
     * The older signature Netty's factory looks up first: without it, Netty logs an error with a stack trace on every
     * test JVM before falling back to the two-argument constructor.
     *
     * @param resourceType     the type of resource tracked
     * @param samplingInterval how many allocations per tracked one, below the PARANOID level
     * @param maxActive        unused, as in Netty
     * @deprecated called only by Netty; use {@link #LeakFailingDetector(Class, int)}
     */
    @Deprecated
    public LeakFailingDetector(Class<?> resourceType, int samplingInterval, long maxActive) {
        this(resourceType, samplingInterval);
    }

    /** Records the leak, then logs it as Netty does. */
    @Override
    protected void reportTracedLeak(String resourceType, String records) {
        LEAKS.add(resourceType + " leaked:" + records);
        super.reportTracedLeak(resourceType, records);
    }

    /** Records the leak, then logs it as Netty does. */
    @Override
    protected void reportUntracedLeak(String resourceType) {
        LEAKS.add(resourceType + " leaked (untraced)");
        super.reportUntracedLeak(resourceType);
    }

    /** Whether Netty was told to use this detector (the system property {@value #PROPERTY} names this class). */
    public static boolean installed() {
        return LeakFailingDetector.class.getName().equals(System.getProperty(PROPERTY));
    }

    /** The leaks reported since the last call, each with the access records Netty kept; clears them. */
    public static List<String> drain() {
        List<String> out = List.copyOf(LEAKS);
        LEAKS.removeAll(out);
        return out;
    }
}
