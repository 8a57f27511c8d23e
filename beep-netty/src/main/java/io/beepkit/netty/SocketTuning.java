package io.beepkit.netty;

import java.util.Objects;

/**
 * A named preset of socket options and flow settings chosen by intent rather than folklore: {@link #DEFAULT}
 * (request/response latency), {@link #EFFICIENT} (fewest TCP segments, Nagle on), {@link #BULK} (throughput),
 * {@link #BOUNDED} (against bufferbloat) and {@link #LEGACY} (what old stacks did, to measure the difference). Give
 * one to {@code tuning(...)} of a {@link SessionConfig.Builder}, {@link BeepServer.Builder} or
 * {@link BeepClient.Builder}; for a custom one, change a preset's {@link #socket()} or {@link #flow()} with
 * {@code toBuilder()} and combine them with {@link #of(String, SocketOptions, FlowSettings)}.
 * {@code docs/tuning.md} explains each value.
 */
public final class SocketTuning {
    /**
     * Request/response latency: no Nagle, kernel-tuned buffers, windows sized to the path by the delay-aware tuner
     * (64 KiB at first, up to 1 MiB), and short send queues: 16..32 KiB write-buffer water marks and, on native
     * epoll, TCP_NOTSENT_LOWAT of 32 KiB.
     */
    public static final SocketTuning DEFAULT = new SocketTuning("default", SocketOptions.defaults(),
            FlowSettings.defaults());

    /**
     * Fewest TCP segments: Nagle's algorithm on, with the window-aware encoder and the engine's coalesced writes, so
     * nothing small is ever left waiting for an ACK. Windows as {@link #DEFAULT}.
     */
    public static final SocketTuning EFFICIENT = preset("efficient",
            new SocketOptions.Builder(false, 0, 0, 32 * 1024, 64 * 1024, 0),
            new FlowSettings.Builder(64 * 1024, 1024 * 1024, 64 * 1024, 512, false));

    /** Bulk throughput: large windows and frames, large socket buffers. */
    public static final SocketTuning BULK = preset("bulk",
            new SocketOptions.Builder(true, 4 * 1024 * 1024, 4 * 1024 * 1024, 512 * 1024, 1024 * 1024, 0),
            new FlowSettings.Builder(256 * 1024, 4 * 1024 * 1024, 256 * 1024, 4096, false));

    /**
     * Bounded against bufferbloat: small fixed SO_RCVBUF/SO_SNDBUF, low water marks and fixed 16 KiB windows, so an
     * interactive channel never waits behind megabytes queued for a bulk one.
     */
    public static final SocketTuning BOUNDED = preset("bounded",
            new SocketOptions.Builder(true, 64 * 1024, 64 * 1024, 8 * 1024, 16 * 1024, 16 * 1024),
            new FlowSettings.Builder(16 * 1024, 16 * 1024, 16 * 1024, 512, false));

    /**
     * What old stacks did: Nagle on, naive splitting, a fixed 4096-octet window. Only for comparison; it shows the
     * tiny-fragment collapse on messages slightly larger than the window.
     */
    public static final SocketTuning LEGACY = preset("legacy",
            new SocketOptions.Builder(false, 0, 0, 32 * 1024, 64 * 1024, 0),
            new FlowSettings.Builder(4096, 4096, 4096, 1, true));

    private final String name;
    private final SocketOptions socket;
    private final FlowSettings flow;

    private SocketTuning(String name, SocketOptions socket, FlowSettings flow) {
        this.name = name;
        this.socket = socket;
        this.flow = flow;
    }

    private static SocketTuning preset(String name, SocketOptions.Builder socket, FlowSettings.Builder flow) {
        return new SocketTuning(name, socket.build(), flow.build());
    }

    /** A custom tuning named {@code name} (a label for logs). */
    public static SocketTuning of(String name, SocketOptions socket, FlowSettings flow) {
        return new SocketTuning(SettingChecks.present("name", name), SettingChecks.present("socket", socket),
                SettingChecks.present("flow", flow));
    }

    /** A label for logs. */
    public String name() {
        return name;
    }

    /** The socket options. */
    public SocketOptions socket() {
        return socket;
    }

    /** The flow settings. */
    public FlowSettings flow() {
        return flow;
    }

    /** Looks a preset up by name (case-insensitive); an unknown name fails naming the known ones. */
    public static SocketTuning named(String name) {
        StringBuilder names = new StringBuilder();
        for (SocketTuning t : builtIns()) {
            if (t.name.equalsIgnoreCase(name)) {
                return t;
            }
            names.append(names.length() == 0 ? "" : ", ").append(t.name);
        }
        throw new IllegalArgumentException("unknown socket tuning '" + name + "', expected one of " + names);
    }

    /** The presets: default, efficient, bulk, bounded, legacy. */
    public static SocketTuning[] builtIns() {
        return new SocketTuning[] {DEFAULT, EFFICIENT, BULK, BOUNDED, LEGACY};
    }

    /**
     * The name of the preset whose socket options and flow settings these are, or {@code custom}; for logs. Keep-alive,
     * connect timeout, tail wait and SEQ delay, on which a preset has no opinion, are not compared.
     */
    public static String nameOf(SocketOptions socket, FlowSettings flow) {
        for (SocketTuning t : builtIns()) {
            if (t.flow.toBuilder().tailWait(flow.tailWait()).seqDelay(flow.seqDelay()).build().equals(flow)
                    && t.socket.toBuilder().keepAlive(socket.keepAlive())
                    .connectTimeout(socket.connectTimeout()).build().equals(socket)) {
                return t.name;
            }
        }
        return "custom";
    }

    /** Equal when name, socket options and flow settings are. */
    @Override
    public boolean equals(Object o) {
        return o instanceof SocketTuning that && name.equals(that.name) && socket.equals(that.socket)
                && flow.equals(that.flow);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, socket, flow);
    }

    @Override
    public String toString() {
        return "SocketTuning[name=" + name + ", socket=" + socket + ", flow=" + flow + "]";
    }
}
