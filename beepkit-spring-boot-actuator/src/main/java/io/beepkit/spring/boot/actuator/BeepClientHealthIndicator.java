package io.beepkit.spring.boot.actuator;

import io.beepkit.netty.SocketTuning;
import io.beepkit.netty.BeepClient;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/** UP while a client can connect (transport, socket profile, sessions open), DOWN once it is closed. */
public class BeepClientHealthIndicator extends AbstractHealthIndicator {
    private final BeepClient client;

    /** @param client the client reported on */
    public BeepClientHealthIndicator(BeepClient client) {
        super("BEEP client health check failed");
        this.client = client;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        if (client.isClosed()) {
            builder.down().withDetail("closed", true);
            return;
        }
        builder.up()
                .withDetail("transport", client.transport())
                .withDetail("socketProfile", SocketTuning.nameOf(client.config().socket(), client.config().flow()))
                .withDetail("sessions", client.sessions().size());
    }
}
