package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.SocketOptions;
import io.beepkit.netty.SocketTuning;
import org.springframework.util.unit.DataSize;

/** Builds the effective {@link SocketTuning}: the named built-in one with the {@code beep.socket.*} overrides. */
final class SocketProfiles {
    private SocketProfiles() {
    }

    /**
     * The profile named by {@code nameOverride} (or by {@code s.getProfile()} when null), with every override set in
     * {@code s}. Without overrides it is the built-in profile itself.
     */
    static SocketTuning of(SocketSettings s, String nameOverride) {
        SocketTuning base = SocketTuning.named(nameOverride != null ? nameOverride : s.getProfile());
        if (!hasOverrides(s)) {
            return base;
        }
        SocketOptions.Builder b = base.socket().toBuilder();
        FlowSettings.Builder f = base.flow().toBuilder();
        if (s.getTcpNoDelay() != null) {
            b.tcpNoDelay(s.getTcpNoDelay());
        }
        if (s.getReceiveBuffer() != null) {
            b.receiveBuffer(octets(s.getReceiveBuffer()));
        }
        if (s.getSendBuffer() != null) {
            b.sendBuffer(octets(s.getSendBuffer()));
        }
        if (s.getWriteBufferLow() != null || s.getWriteBufferHigh() != null) {
            int low = s.getWriteBufferLow() != null ? octets(s.getWriteBufferLow()) : base.socket().writeBufferLow();
            int high = s.getWriteBufferHigh() != null ? octets(s.getWriteBufferHigh()) : base.socket()
                    .writeBufferHigh();
            b.writeBufferWaterMarks(low, high);
        }
        int initial = s.getInitialWindow() != null ? octets(s.getInitialWindow()) : base.flow().initialWindow();
        int max = s.getMaxWindow() != null ? octets(s.getMaxWindow()) : Math.max(base.flow().maxWindow(), initial);
        if (Boolean.FALSE.equals(s.getWindowAutoTuning())) {
            max = initial;
        } else if (Boolean.TRUE.equals(s.getWindowAutoTuning()) && max <= initial && s.getMaxWindow() == null) {
            max = Math.max(SocketTuning.DEFAULT.flow().maxWindow(), initial * 2);
        }
        f.initialWindow(initial).maxWindow(max);
        if (s.getMinFragment() != null) {
            f.minFragment(octets(s.getMinFragment()));
        }
        if (s.getMaxFrameSize() != null) {
            f.maxFrameSize(octets(s.getMaxFrameSize()));
        }
        return SocketTuning.of(base.name() + "-custom", b.build(), f.build());
    }

    private static boolean hasOverrides(SocketSettings s) {
        return s.getTcpNoDelay() != null || s.getReceiveBuffer() != null || s.getSendBuffer() != null
                || s.getWriteBufferLow() != null || s.getWriteBufferHigh() != null || s.getInitialWindow() != null
                || s.getMaxWindow() != null || s.getWindowAutoTuning() != null || s.getMinFragment() != null
                || s.getMaxFrameSize() != null;
    }

    static int octets(DataSize size) {
        return Math.toIntExact(size.toBytes());
    }
}
