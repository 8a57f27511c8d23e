package io.beepkit.cli;

import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.SocketOptions;
import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.SocketTuning;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.util.Locale;
import java.util.function.Consumer;

/** The socket-tuning options shared by serve, call and load: {@code --profile}, {@code --window}, {@code --max-message-size}. */
final class TuningOptions {
    /** The smallest window a channel can advertise and still make progress with one octet in flight. */
    static final int MIN_WINDOW = 2;
    /**
     * The largest fixed window accepted: 64 MiB. A peer may fill every channel's window before we read it, so the
     * window is what one channel can make us buffer. Windows below 4096 are legal; the first-frame limit stays at
     * the RFC's 4096 whatever the window.
     */
    static final int MAX_WINDOW = 64 * 1024 * 1024;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "default",
            description = "Socket-tuning profile: default, efficient, bulk, bounded or legacy (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--window", paramLabel = "OCTETS", converter = Units.IntSize.class,
            description = "Fixed receive window per channel in octets, 2..64m (e.g. 4096, 64k); disables window growth.")
    Integer window;

    @Option(names = "--max-message-size", paramLabel = "OCTETS", converter = Units.IntSize.class,
            description = "Largest message or reply assembled, MIME headers included (default: 16m).")
    Integer maxMessageSize;

    @Option(names = "--rcvbuf", paramLabel = "OCTETS", converter = Units.IntSize.class,
            description = "SO_RCVBUF asked of the kernel (Linux doubles it); 0 leaves it to the kernel's autotuning.")
    Integer receiveBuffer;

    @Option(names = "--sndbuf", paramLabel = "OCTETS", converter = Units.IntSize.class,
            description = "SO_SNDBUF asked of the kernel (Linux doubles it); 0 leaves it to the kernel's autotuning.")
    Integer sendBuffer;

    @Option(names = "--nagle", paramLabel = "on|off", arity = "1",
            description = "Nagle's algorithm: on clears TCP_NODELAY, off sets it (default: as the profile says).")
    String nagle;

    /** The socket tuning the options describe; a bad value is a usage error. */
    SocketTuning tuning(CommandLine cmd) {
        return tuning(cmd, null);
    }

    /**
     * As {@link #tuning(CommandLine)}, with {@code fallbackWindow} (null: none) as the fixed window when neither
     * {@code --profile} nor {@code --window} was given.
     */
    SocketTuning tuning(CommandLine cmd, Integer fallbackWindow) {
        Integer window = this.window;
        if (window == null && fallbackWindow != null && !given(cmd, "--profile")) {
            window = fallbackWindow;
        }
        SocketTuning p;
        try {
            p = SocketTuning.named(profile.trim());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cmd, "--profile: " + e.getMessage());
        }
        if (window != null) {
            if (window < MIN_WINDOW || window > MAX_WINDOW) {
                throw new CommandLine.ParameterException(cmd, "--window must be " + MIN_WINDOW + ".." + MAX_WINDOW
                        + " octets: " + window);
            }
            p = SocketTuning.of(p.name() + "@" + window, p.socket(), p.flow().toBuilder().window(window).build());
        }
        return socketOptions(cmd, p);
    }

    private SocketTuning socketOptions(CommandLine cmd, SocketTuning p) {
        SocketOptions.Builder b = p.socket().toBuilder();
        StringBuilder name = new StringBuilder(p.name());
        if (receiveBuffer != null) {
            if (receiveBuffer < 0) {
                throw new CommandLine.ParameterException(cmd, "--rcvbuf must be >= 0: " + receiveBuffer);
            }
            b.receiveBuffer(receiveBuffer);
            name.append(",rcvbuf=").append(receiveBuffer);
        }
        if (sendBuffer != null) {
            if (sendBuffer < 0) {
                throw new CommandLine.ParameterException(cmd, "--sndbuf must be >= 0: " + sendBuffer);
            }
            b.sendBuffer(sendBuffer);
            name.append(",sndbuf=").append(sendBuffer);
        }
        if (nagle != null) {
            String v = nagle.trim().toLowerCase(Locale.ROOT);
            if (!v.equals("on") && !v.equals("off")) {
                throw new CommandLine.ParameterException(cmd, "--nagle must be on or off: " + nagle);
            }
            b.tcpNoDelay(v.equals("off"));
            name.append(",nagle=").append(v);
        }
        return name.length() == p.name().length() ? p : SocketTuning.of(name.toString(), b.build(), p.flow());
    }

    private static boolean given(CommandLine cmd, String option) {
        return cmd.getParseResult() != null && cmd.getParseResult().hasMatchedOption(option);
    }

    /** A session configuration from these options, with an optional frame tracer. */
    SessionConfig config(CommandLine cmd, Consumer<String> tracer) {
        return config(cmd, tracer, null);
    }

    /**
     * A session configuration from these options, with an optional frame tracer and {@code fallbackWindow} (null:
     * none) as the fixed receive window when neither {@code --profile} nor {@code --window} was given.
     */
    SessionConfig config(CommandLine cmd, Consumer<String> tracer, Integer fallbackWindow) {
        SessionConfig.Builder b = SessionConfig.builder().tuning(tuning(cmd, fallbackWindow))
                .frameTracer(tracer);
        if (maxMessageSize != null) {
            if (maxMessageSize < 1) {
                throw new CommandLine.ParameterException(cmd, "--max-message-size must be at least 1: " + maxMessageSize);
            }
            b.limits(SessionLimits.builder().maxMessageSize(maxMessageSize).build());
        }
        return b.build();
    }

    /** One line describing a tuning's windows and frame limits. */
    static String describe(SocketTuning t) {
        FlowSettings p = t.flow();
        String window = p.autoTuning() ? p.initialWindow() + ".." + p.maxWindow() : Integer.toString(p.initialWindow());
        return String.format(Locale.ROOT, "%s (window %s, max frame %d, min fragment %d%s)", t.name(), window,
                p.maxFrameSize(), p.minFragment(), p.naiveSplitting() ? ", naive splitting" : "");
    }

    /** What the tuning asks of the socket (the kernel may grant something else; see the effective options). */
    static String requested(SocketTuning t) {
        SocketOptions p = t.socket();
        return "TCP_NODELAY=" + p.tcpNoDelay()
                + " SO_RCVBUF=" + (p.receiveBuffer() == 0 ? "auto" : Integer.toString(p.receiveBuffer()))
                + " SO_SNDBUF=" + (p.sendBuffer() == 0 ? "auto" : Integer.toString(p.sendBuffer()))
                + " write-buffer=" + p.writeBufferLow() + ".." + p.writeBufferHigh()
                + (p.notSentLowat() > 0 ? " TCP_NOTSENT_LOWAT=" + p.notSentLowat() : "");
    }
}
