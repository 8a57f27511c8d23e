package io.beepkit.bench.kafka;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for a server that is stopped and started again on the same port (the collector, the broker): free now and
 * outside the kernel's ephemeral range, so that no outgoing connection can take one while its server is down. A port
 * from the ephemeral range (what binding port 0 gives) was taken that way in a soak run: the devices' and the
 * producer's connects during the broker's restart took its controller port, and the broker could not start again.
 */
final class RestartablePorts {
    /** Where Linux's ephemeral range starts by default, for a machine that does not say. */
    private static final int DEFAULT_EPHEMERAL_START = 32768;
    /** The lowest port handed out: above the well-known and most registered service ports. */
    private static final int LOWEST = 20000;

    private RestartablePorts() {
    }

    /** A port of 127.0.0.1 free now, below the ephemeral range. */
    static int next() throws IOException {
        int top = ephemeralStart();
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, top);
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return s.getLocalPort();
            } catch (IOException taken) {
                // try another
            }
        }
        throw new IOException("no free port in " + LOWEST + ".." + top);
    }

    private static int ephemeralStart() {
        try {
            String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim();
            int start = Integer.parseInt(range.split("\\s+")[0]);
            return start > LOWEST + 1000 ? start : DEFAULT_EPHEMERAL_START;
        } catch (IOException | RuntimeException e) {
            return DEFAULT_EPHEMERAL_START;
        }
    }
}
