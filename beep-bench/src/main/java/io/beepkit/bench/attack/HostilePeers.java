package io.beepkit.bench.attack;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Every hostile connection of the attack, on one thread with one selector: sessions that never read
 * ({@link NonReader}), silent connections, half-greeted ones, and ones sending a 1 MiB frame before greeting. Each
 * slot reconnects {@code retryNanos} after the listener closed it (the time it was open is recorded), so the pressure
 * holds for the whole run; a non-reader holds its session for {@code holdNanos}, then starts over.
 */
final class HostilePeers implements AutoCloseable {
    /** What a slot does. */
    enum Kind { NON_READER, SILENT, HALF_GREETED, HUGE_FRAME }

    private static final int OPENS_PER_TURN = 100;
    private static final byte[] HALF_GREETING = ("RPY 0 0 . 0 120\r\nContent-Type: application/beep+xml\r\n\r\n"
            + "<greeting><profile uri='http://xml.res").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HUGE_HEADER = "RPY 0 0 . 0 1048576\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final ByteBuffer HUGE_PAYLOAD = ByteBuffer.allocateDirect(1 << 20).asReadOnlyBuffer();

    private final InetSocketAddress target;
    private final Selector selector = Selector.open();
    private final List<Slot> slots = new ArrayList<>();
    private final int channels;
    private final int largeSize;
    private final int emptyPerChannel;
    private final long holdNanos;
    private final long retryNanos;
    private final Thread thread;
    private volatile boolean running = true;
    private final ByteBuffer readBuffer = ByteBuffer.allocate(64 * 1024);
    /** Per kind: connections made, closed by the listener, longest connect-to-close time (ms). */
    final AtomicLongArray connects = new AtomicLongArray(Kind.values().length);
    final AtomicLongArray closedByListener = new AtomicLongArray(Kind.values().length);
    final AtomicLongArray longestOpenMillis = new AtomicLongArray(Kind.values().length);
    final AtomicLong refused421 = new AtomicLong();
    final AtomicLong sessionsSetUp = new AtomicLong();

    private final class Slot {
        final Kind kind;
        SocketChannel ch;
        long connectedAt;
        long retryAt;
        long holdUntil;
        ByteBuffer out;
        ByteBuffer huge;
        NonReader session;
        FrameScanner scanner;
        boolean attacking;

        Slot(Kind kind) {
            this.kind = kind;
        }
    }

    HostilePeers(InetSocketAddress target, Map<Kind, Integer> counts, int channels, int largeSize,
                 int emptyPerChannel, long holdNanos, long retryNanos) throws IOException {
        this.target = target;
        this.channels = channels;
        this.largeSize = largeSize;
        this.emptyPerChannel = emptyPerChannel;
        this.holdNanos = holdNanos;
        this.retryNanos = retryNanos;
        for (Kind k : Kind.values()) {
            for (int i = 0; i < counts.getOrDefault(k, 0); i++) {
                slots.add(new Slot(k));
            }
        }
        thread = new Thread(this::loop, "hostile-peers");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Connections open now, per kind. */
    Map<Kind, Integer> open() {
        Map<Kind, Integer> m = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) {
            m.put(k, 0);
        }
        for (Slot s : slots) {
            if (s.ch != null) {
                m.merge(s.kind, 1, Integer::sum);
            }
        }
        return m;
    }

    private void loop() {
        try {
            while (running) {
                long now = System.nanoTime();
                int opened = 0;
                for (Slot s : slots) {
                    if (s.ch == null && now - s.retryAt >= 0 && opened < OPENS_PER_TURN) {
                        open(s, now);
                        opened++;
                    } else if (s.ch != null && s.attacking && s.out == null && now - s.holdUntil >= 0) {
                        close(s, now, false); // held long enough: start over with a new session
                    } else if (s.ch != null && !s.attacking && s.session != null && !s.session.refused()
                            && s.session.setUp(now)) {
                        SelectionKey key = s.ch.keyFor(selector);
                        if (key != null && key.isValid() && (s.out == null || !s.out.hasRemaining())) {
                            attack(s, key); // the SEQs' grace passed with nothing more to read
                        }
                    }
                }
                selector.select(10);
                for (SelectionKey key : selector.selectedKeys()) {
                    Slot s = (Slot) key.attachment();
                    try {
                        if (key.isValid() && key.isConnectable()) {
                            connected(s, key);
                        }
                        if (key.isValid() && key.isReadable()) {
                            read(s, key);
                        }
                        if (key.isValid() && key.isWritable()) {
                            write(s, key);
                        }
                    } catch (IOException e) {
                        close(s, System.nanoTime(), true);
                    }
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException e) {
            throw new IllegalStateException("hostile peers failed", e);
        }
    }

    private void open(Slot s, long now) {
        try {
            s.ch = SocketChannel.open();
            s.ch.configureBlocking(false);
            s.ch.connect(target);
            s.ch.register(selector, SelectionKey.OP_CONNECT, s);
        } catch (IOException e) {
            close(s, now, false);
        }
    }

    private void connected(Slot s, SelectionKey key) throws IOException {
        s.ch.finishConnect();
        s.connectedAt = System.nanoTime();
        connects.incrementAndGet(s.kind.ordinal());
        switch (s.kind) {
            case SILENT -> key.interestOps(SelectionKey.OP_READ);
            case HALF_GREETED -> {
                s.out = ByteBuffer.wrap(HALF_GREETING);
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            }
            case HUGE_FRAME -> {
                s.out = ByteBuffer.wrap(HUGE_HEADER);
                s.huge = HUGE_PAYLOAD.duplicate();
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            }
            case NON_READER -> {
                s.session = new NonReader(channels, largeSize, emptyPerChannel);
                s.scanner = new FrameScanner();
                s.out = ByteBuffer.wrap(s.session.opening());
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            }
        }
    }

    private void read(Slot s, SelectionKey key) throws IOException {
        readBuffer.clear();
        int n = s.ch.read(readBuffer);
        if (n < 0) {
            close(s, System.nanoTime(), true);
            return;
        }
        if (s.kind != Kind.NON_READER) {
            return; // the listener's greeting, dropped
        }
        readBuffer.flip();
        s.scanner.feed(readBuffer, s.session::onHeader);
        if (s.session.refused()) {
            refused421.incrementAndGet();
            close(s, System.nanoTime(), false);
        } else if (s.session.setUp(System.nanoTime())) {
            attack(s, key);
        } else {
            byte[] more = s.session.moreStarts();
            if (more.length > 0) {
                ByteBuffer pending = s.out == null ? ByteBuffer.allocate(0) : s.out;
                ByteBuffer joined = ByteBuffer.allocate(pending.remaining() + more.length);
                joined.put(pending).put(more).flip();
                s.out = joined;
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            }
        }
    }

    /** The session is set up: from here on nothing is read, and the listener's replies pile up. */
    private void attack(Slot s, SelectionKey key) {
        sessionsSetUp.incrementAndGet();
        s.attacking = true;
        s.holdUntil = System.nanoTime() + holdNanos;
        s.out = ByteBuffer.allocate(256 * 1024);
        refill(s);
        key.interestOps(s.out == null ? 0 : SelectionKey.OP_WRITE);
    }

    private void refill(Slot s) {
        s.out.clear();
        if (s.session.fill(s.out)) {
            s.out.flip();
        } else {
            s.out = null;
        }
    }

    private void write(Slot s, SelectionKey key) throws IOException {
        if (s.out != null && s.out.hasRemaining()) {
            s.ch.write(s.out);
            if (s.out.hasRemaining()) {
                return;
            }
        }
        if (s.huge != null) {
            s.ch.write(s.huge);
            if (s.huge.hasRemaining()) {
                return;
            }
            s.huge = null;
        }
        if (s.attacking) {
            refill(s);
            if (s.out != null) {
                return;
            }
        } else {
            s.out = null;
        }
        key.interestOps(s.attacking ? 0 : SelectionKey.OP_READ);
    }

    private void close(Slot s, long now, boolean byListener) {
        if (s.ch != null) {
            if (byListener && s.connectedAt != 0) {
                int k = s.kind.ordinal();
                closedByListener.incrementAndGet(k);
                long ms = TimeUnit.NANOSECONDS.toMillis(now - s.connectedAt);
                longestOpenMillis.accumulateAndGet(k, ms, Math::max);
            }
            try {
                s.ch.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        s.ch = null;
        s.out = null;
        s.huge = null;
        s.session = null;
        s.attacking = false;
        s.connectedAt = 0;
        s.retryAt = now + retryNanos;
    }

    /** Stops attacking and closes every connection. */
    @Override
    public void close() throws IOException {
        running = false;
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long now = System.nanoTime();
        for (Slot s : slots) {
            close(s, now, false);
        }
        selector.close();
    }
}
