package io.beepkit.syslog.shipping.internal;

import org.jspecify.annotations.Nullable;

/** A formatted line on its way; {@code segment} when it was read from the spill (and is still on disk). */
final class Pending {
    final String line;
    final SpillStore.@Nullable Segment segment;
    /** Sent on a session before: sending it again may make a duplicate. */
    boolean sentBefore;

    Pending(String line, SpillStore.@Nullable Segment segment) {
        this.line = line;
        this.segment = segment;
    }
}
