package io.beepkit.netty.diagnostics;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The host's TCP segment counter moves when segments are sent over loopback. */
class TcpSegmentCounterTest {
    @Test
    @DisplayName("OutSegs grows by at least the segments of a loopback exchange")
    void countsLoopbackSegments() throws Exception {
        Assumptions.assumeTrue(TcpSegmentCounter.available(), "/proc/net/snmp is not readable on this host");
        long before = TcpSegmentCounter.outSegments();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
             Socket accepted = server.accept()) {
            OutputStream out = client.getOutputStream();
            for (int i = 0; i < 10; i++) {
                out.write(new byte[100]);
                out.flush();
                accepted.getInputStream().readNBytes(100);
            }
        }
        long after = TcpSegmentCounter.outSegments();
        // handshake (3) + 10 data segments at the least
        assertTrue(after - before >= 13, "OutSegs grew by " + (after - before));
    }
}
