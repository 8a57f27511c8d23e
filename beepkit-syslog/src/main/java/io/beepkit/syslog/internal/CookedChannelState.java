package io.beepkit.syslog.internal;

import io.beepkit.syslog.SyslogIdentity;
import io.beepkit.syslog.SyslogLimits;
import io.beepkit.syslog.SyslogPath;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a collector keeps for one COOKED channel: the MSGs arriving (each held up to the entry size limit), the
 * peer's {@code <iam>} and the {@code <path>}s it described. Touched only from the session's callback thread.
 */
final class CookedChannelState {
    private final SyslogLimits limits;
    private final Map<Integer, Incoming> incoming = new HashMap<>();
    private final Map<String, SyslogPath> paths = new LinkedHashMap<>();
    private final AtomicInteger pending = new AtomicInteger();
    private volatile SyslogIdentity peer;

    CookedChannelState(SyslogLimits limits) {
        this.limits = limits;
    }

    /** One MSG being read. */
    private static final class Incoming {
        final EntityBodyReader body = new EntityBodyReader();
        final ByteArrayOutputStream xml = new ByteArrayOutputStream(256);
        boolean tooLarge;
        boolean refused;
    }

    /**
     * Adds a piece of MSG {@code msgno}; returns its body as text once {@code last}, else null. A MSG returned counts
     * as pending until {@link #answered()}; one refused here does not.
     *
     * @throws SyslogViolation (550) on the last piece of a MSG whose body exceeded the entry size limit, or that
     *                         arrived while {@code maxPendingEntries} others awaited their answer (the octets were
     *                         dropped, not held)
     */
    String feed(int msgno, byte[] chunk, boolean last) {
        Incoming in = incoming.get(msgno);
        if (in == null && last) {
            return whole(chunk);
        }
        if (in == null) {
            in = new Incoming();
            in.refused = pending.get() >= limits.maxPendingEntries();
            if (!in.refused) {
                pending.incrementAndGet();
            }
            incoming.put(msgno, in);
        }
        if (in.refused) {
            if (last) {
                incoming.remove(msgno);
                throw new SyslogViolation(550, "more than " + limits.maxPendingEntries()
                        + " COOKED messages awaiting their answer on one channel");
            }
            return null;
        }
        try {
            byte[] body = in.body.feed(chunk);
            if (last) {
                byte[] rest = in.body.end();
                if (rest.length > 0) {
                    body = concat(body, rest);
                }
            }
            if (!in.tooLarge && in.xml.size() + body.length > limits.maxEntrySize()) {
                in.tooLarge = true;
                in.xml.reset();
            }
            if (!in.tooLarge) {
                in.xml.writeBytes(body);
            }
        } catch (SyslogViolation v) {
            in.tooLarge = true; // an endless header section: drop the rest like an oversized body
            in.xml.reset();
        }
        if (!last) {
            return null;
        }
        incoming.remove(msgno);
        if (in.tooLarge) {
            pending.decrementAndGet();
            throw new SyslogViolation(550, "COOKED message larger than " + limits.maxEntrySize() + " octets");
        }
        return in.xml.toString(StandardCharsets.UTF_8);
    }

    /**
     * A MSG that came in one frame (the usual entry): its body read where it lies, with the same checks and refusals
     * as a MSG in pieces, without the buffers those need.
     */
    private String whole(byte[] payload) {
        if (pending.get() >= limits.maxPendingEntries()) {
            throw new SyslogViolation(550, "more than " + limits.maxPendingEntries()
                    + " COOKED messages awaiting their answer on one channel");
        }
        int start;
        try {
            start = EntityBodyReader.bodyStartOfWhole(payload);
        } catch (SyslogViolation v) {
            start = -1; // an endless header section: refused like an oversized body
        }
        if (start < 0 || payload.length - start > limits.maxEntrySize()) {
            throw new SyslogViolation(550, "COOKED message larger than " + limits.maxEntrySize() + " octets");
        }
        pending.incrementAndGet();
        return new String(payload, start, payload.length - start, StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** A MSG that {@link #feed} returned has been answered. */
    void answered() {
        pending.decrementAndGet();
    }

    SyslogIdentity peer() {
        return peer;
    }

    void peer(SyslogIdentity iam) {
        if (iam != null) {
            peer = iam;
        }
    }

    /** Remembers a path (a later one with the same pathID replaces it). */
    void path(SyslogPath path) {
        if (!paths.containsKey(path.pathId()) && paths.size() >= limits.maxPaths()) {
            throw new SyslogViolation(550, "more than " + limits.maxPaths() + " paths on one channel");
        }
        paths.put(path.pathId(), path);
    }

    /** The path named {@code pathId}, or null. */
    SyslogPath path(String pathId) {
        return paths.get(pathId);
    }
}
