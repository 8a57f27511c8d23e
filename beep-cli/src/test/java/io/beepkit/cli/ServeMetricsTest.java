package io.beepkit.cli;

import io.beepkit.core.profiles.StandardProfiles;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code beep serve --metrics}: the meters a dashboard would read, printed periodically and at shutdown. */
class ServeMetricsTest {
    static final String ECHO_TAGS = "{profile=" + StandardProfiles.ECHO + ",role=listener";

    @Test
    void printsTheMetersOfWhatWasExchanged() throws Exception {
        Cli.Server server = new Cli.Server("--metrics", "--metrics-interval", "200ms");
        for (int i = 0; i < 3; i++) {
            Cli.Result r = Cli.run("call", server.address(), StandardProfiles.ECHO, "--data", "hello");
            assertEquals(0, r.code(), r.toString());
        }
        // Printed every interval while running: the three sessions are there before stopping.
        server.awaitOutput("beep.sessions.closed{outcome=closed,role=listener} 3");
        assertEquals(0, server.stop(), server.output());
        String out = server.output();
        String atStop = out.substring(out.lastIndexOf("metrics:"));
        // "hello" is 7 octets on the wire with the entity's CRLF; the echo answers with the same.
        assertTrue(atStop.contains("beep.messages.received" + ECHO_TAGS + ",type=msg} 3"), atStop);
        assertTrue(atStop.contains("beep.messages.sent" + ECHO_TAGS + ",type=rpy} 3"), atStop);
        assertTrue(atStop.contains("beep.payload.received" + ECHO_TAGS + "} 21"), atStop);
        assertTrue(atStop.contains("beep.payload.sent" + ECHO_TAGS + "} 21"), atStop);
        assertTrue(atStop.contains("beep.channels.opened" + ECHO_TAGS + "} 3"), atStop);
        assertTrue(atStop.contains("beep.channels.open" + ECHO_TAGS + "} 0"), atStop);
        assertTrue(atStop.contains("beep.message.frames.received" + ECHO_TAGS + "} count=3 mean=1.00 max=1"), atStop);
        assertTrue(atStop.contains("beep.sessions.opened{role=listener} 3"), atStop);
        assertTrue(atStop.contains("beep.sessions.open{role=listener} 0"), atStop);
        assertTrue(out.indexOf("metrics:") < out.indexOf("stopping: releasing"), "printed while running too:\n" + out);
    }

    @Test
    void anIntervalNeedsMetrics() {
        Cli.Result r = Cli.run("serve", "--port", "0", "--metrics-interval", "1s");
        assertEquals(ExitCodes.USAGE, r.code(), r.toString());
        assertTrue(r.err().contains("--metrics-interval needs --metrics"), r.err());
    }
}
