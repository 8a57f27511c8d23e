package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.SocketProfile;
import org.springframework.util.unit.DataSize;

/** Builds the effective {@link SocketProfile}: the named built-in one with the {@code beep.socket.*} overrides. */
final class SocketProfiles {
    private SocketProfiles() {
    }

    /**
     * The profile named by {@code nameOverride} (or by {@code s.getProfile()} when null), with every override set in
     * {@code s}. Without overrides it is the built-in profile itself.
     */
    static SocketProfile of(SocketSettings s, String nameOverride) {
        SocketProfile base = SocketProfile.named(nameOverride != null ? nameOverride : s.getProfile());
        if (!hasOverrides(s)) {
            return base;
        }
        SocketProfile.Builder b = base.toBuilder();
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
            int low = s.getWriteBufferLow() != null ? octets(s.getWriteBufferLow()) : base.writeBufferLow();
            int high = s.getWriteBufferHigh() != null ? octets(s.getWriteBufferHigh()) : base.writeBufferHigh();
            b.writeBufferWaterMarks(low, high);
        }
        int initial = s.getInitialWindow() != null ? octets(s.getInitialWindow()) : base.initialWindow();
        int max = s.getMaxWindow() != null ? octets(s.getMaxWindow()) : Math.max(base.maxWindow(), initial);
        if (Boolean.FALSE.equals(s.getWindowAutoTuning())) {
            max = initial;
        } else if (Boolean.TRUE.equals(s.getWindowAutoTuning()) && max <= initial && s.getMaxWindow() == null) {
            max = Math.max(SocketProfile.DEFAULT.maxWindow(), initial * 2);
        }
        b.initialWindow(initial).maxWindow(max);
        if (s.getMinFragment() != null) {
            b.minFragment(octets(s.getMinFragment()));
        }
        if (s.getMaxFrameSize() != null) {
            b.maxFrameSize(octets(s.getMaxFrameSize()));
        }
        return b.build();
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
