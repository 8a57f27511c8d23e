package io.beepkit.netty.interop;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;

/**
 * Vortex's regression listener for the tests of one class: registered as a static {@code @RegisterExtension} field,
 * it starts the listener on 127.0.0.1 (ports shifted by the class's own offset, so that test classes do not collide)
 * before the class's {@code @BeforeAll} methods and stops it after its {@code @AfterAll} methods. The class is skipped
 * when the peer is absent. beep-cli's tests compile this file too (see beep-cli's pom).
 */
public final class VortexListener implements BeforeAllCallback, AfterAllCallback {
    private final int offset;
    private @Nullable Path dir;
    private @Nullable Process process;

    /** A listener started with {@code --offset-port=offset}; its regression port is {@link #port()}. */
    public VortexListener(int offset) {
        this.offset = offset;
    }

    /** The port the listener's regression profiles are offered on. */
    public int port() {
        return VortexPeer.BASE_PORT + offset;
    }

    /** Vortex's test directory, where the listener runs; set once the class's tests run. */
    public Path dir() {
        if (dir == null) {
            throw new IllegalStateException("the Vortex listener on port " + port() + " has not been started");
        }
        return dir;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Path found = VortexPeer.testDir();
        Assumptions.assumeTrue(found != null, VortexPeer.skipReason());
        dir = found;
        process = VortexPeer.startListener(found, offset, port());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        VortexPeer.stop(process);
        process = null;
    }
}
