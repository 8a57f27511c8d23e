package io.beepkit.spring.boot.actuator;

import io.beepkit.spring.boot.autoconfigure.BeepServerLifecycle;
import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.BeepServer;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/** UP while the listener is bound (address, transport, socket profile, sessions open), DOWN otherwise. */
public class BeepServerHealthIndicator extends AbstractHealthIndicator {
    private final BeepServerLifecycle lifecycle;

    /** @param lifecycle the listener's lifecycle */
    public BeepServerHealthIndicator(BeepServerLifecycle lifecycle) {
        super("BEEP listener health check failed");
        this.lifecycle = lifecycle;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        BeepServer server = lifecycle.server();
        if (!lifecycle.isRunning()) {
            builder.down().withDetail("bound", false);
            return;
        }
        builder.up()
                .withDetail("bound", true)
                .withDetail("address", server.localAddress().getHostString() + ":" + server.port())
                .withDetail("transport", server.transport())
                .withDetail("socketProfile", SocketTuning.nameOf(server.config().socket(), server.config().flow()))
                .withDetail("sessions", server.sessions().size());
    }
}
