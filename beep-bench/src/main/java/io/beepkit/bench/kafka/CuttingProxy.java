package io.beepkit.bench.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on 127.0.0.1 between devices and a collector that can reset every connection in the middle of a
 * message: on {@link #cutAll()} each connection forwards only the first half of the next octets the device sends,
 * then both sides are reset (RST, SO_LINGER 0), so the collector is left with part of a frame and the device with a
 * session that ended while it sent. A device that connects while the collector is down is reset at once. Two threads
 * per connection; fine for a handful of devices.
 */
final class CuttingProxy implements AutoCloseable {
    /** How long a cut waits for the device to send before it resets a quiet connection anyway. */
    private static final long QUIET_CUT_MILLIS = 1000;

    private final ServerSocket server;
    private final int targetPort;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong cutMidStream = new AtomicLong();
    private final AtomicLong cutQuiet = new AtomicLong();

    private CuttingProxy(ServerSocket server, int targetPort) {
        this.server = server;
        this.targetPort = targetPort;
    }

    /** Listens on a free port of 127.0.0.1 and forwards each connection to 127.0.0.1:{@code targetPort}. */
    static CuttingProxy start(int targetPort) throws IOException {
        ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        CuttingProxy p = new CuttingProxy(s, targetPort);
        daemon("proxy-accept", p::acceptLoop).start();
        return p;
    }

    /** The port devices connect to. */
    int port() {
        return server.getLocalPort();
    }

    /**
     * Cuts every open connection in the middle of what its device sends next; a connection whose device sends
     * nothing within a second is reset as it is. Returns the connections cut.
     */
    int cutAll() throws InterruptedException {
        Set<Link> now = Set.copyOf(links);
        now.forEach(l -> l.cutPending = true);
        Thread.sleep(QUIET_CUT_MILLIS);
        for (Link l : now) {
            if (l.cutPending && links.contains(l)) {
                cutQuiet.incrementAndGet();
                l.reset();
            }
        }
        return now.size();
    }

    /** Connections accepted from devices so far. */
    long connections() {
        return connections.get();
    }

    /** Connections reset in the middle of octets the device sent. */
    long cutMidStream() {
        return cutMidStream.get();
    }

    /** Connections reset while the device sent nothing. */
    long cutQuiet() {
        return cutQuiet.get();
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        Set.copyOf(links).forEach(Link::reset);
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket device = server.accept();
                connections.incrementAndGet();
                Socket collector = new Socket();
                try {
                    collector.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 5000);
                } catch (IOException down) {
                    resetQuietly(device); // the collector is down: the device sees its connection fail
                    resetQuietly(collector);
                    continue;
                }
                Link l = new Link(device, collector);
                links.add(l);
                daemon("proxy-up", () -> l.pump(device, collector, true)).start();
                daemon("proxy-down", () -> l.pump(collector, device, false)).start();
            } catch (IOException e) {
                // closed, or one failed accept: the loop condition decides
            }
        }
    }

    /** One device's connection and the proxy's connection to the collector for it. */
    private final class Link {
        final Socket device;
        final Socket collector;
        volatile boolean cutPending;

        Link(Socket device, Socket collector) {
            this.device = device;
            this.collector = collector;
        }

        void pump(Socket from, Socket to, boolean fromDevice) {
            byte[] buf = new byte[16384];
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                    if (fromDevice && cutPending) {
                        out.write(buf, 0, Math.max(1, n / 2));
                        out.flush();
                        cutMidStream.incrementAndGet();
                        cutPending = false;
                        reset();
                        return;
                    }
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side reset or closed: the other goes too
            }
            reset();
        }

        void reset() {
            cutPending = false;
            links.remove(this);
            resetQuietly(device);
            resetQuietly(collector);
        }
    }

    private static void resetQuietly(Socket s) {
        try {
            if (!s.isClosed()) {
                s.setSoLinger(true, 0);
            }
            s.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    private static Thread daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
