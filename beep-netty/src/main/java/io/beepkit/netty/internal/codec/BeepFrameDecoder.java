package io.beepkit.netty.internal.codec;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.frame.FrameHeader;
import io.beepkit.core.frame.FrameHeaderParser;
import io.beepkit.core.frame.FrameHeaderWriter;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.flow.SendWindow;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.concurrent.FastThreadLocal;

import java.util.List;
import java.util.Objects;

/**
 * Decodes the byte stream into {@link Frame}s, incrementally and strictly (RFC 3080 §2.2.1, RFC 3081 §3.1.3): the
 * header must end in CRLF within {@link FrameHeader#MAX_HEADER_LENGTH} octets, a payload larger than
 * {@code maxFrameSize} or than what the session's {@link FrameLimits} allow on the frame's channel (its open receive
 * window, RFC 3081 §3.1.2) is refused as soon as the header is parsed, before any of it is buffered, and the trailer
 * must be exactly {@code END} CRLF, checked octet by octet as it arrives.
 * While the session does not {@linkplain FrameLimits#acceptingFrames() accept frames}, octets already read from the
 * first data frame on stay here undecoded (the session has stopped reading from the socket) until
 * {@linkplain FrameLimits#onResume resumed}; SEQs before it still pass, as they may let our held replies leave.
 * Once the session has {@linkplain FrameLimits#turnSpent() used its share of the event-loop turn}, nothing more is
 * decoded: the rest stays in the cumulation until the session's next turn.
 * One frame is decoded per call (ByteToMessageDecoder hands it on and calls again), so the session has handled each frame before the next header is checked against
 * its window.
 * Any violation raises {@link BeepProtocolException} once; afterwards every input is discarded (sticky error), as the
 * session is being terminated. Not sharable: it holds the state of a partly read frame.
 */
public final class BeepFrameDecoder extends ByteToMessageDecoder {
    /** The decoder's name in a session's pipeline. */
    public static final String NAME = "beep-frame-decoder";
    private static final int TRAILER_LENGTH = 5;

    private final int maxFrameSize;
    private final FrameLimits limits;
    /**
     * Where a header line is copied to be parsed, one per thread: parsing is done before decode returns, and a
     * listener would otherwise hold one per session.
     */
    private static final FastThreadLocal<byte[]> LINE = new FastThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[FrameHeader.MAX_HEADER_LENGTH];
        }
    };
    private FrameHeader pending;
    private boolean failed;
    private ChannelHandlerContext context;
    /**
     * What was read while the session did not accept frames, copied out of the network buffers (so a paused session
     * pins no pooled direct memory, only these octets on the heap); decoded first once it accepts frames again.
     */
    private ByteBuf held;

    /**
     * The largest frame payload to accept from a peer we advertise at most {@code maxWindow} octets of window to: that
     * window, but never below the RFC's initial 4096-octet window, which the peer may fill with its first frame before
     * any SEQ of ours.
     */
    public static int frameLimit(int maxWindow) {
        return Math.max(SendWindow.DEFAULT_WINDOW, maxWindow);
    }

    /** @param maxFrameSize the largest payload accepted in one frame (the largest window we ever advertise) */
    public BeepFrameDecoder(int maxFrameSize) {
        this(maxFrameSize, FrameLimits.fixed(maxFrameSize));
    }

    /**
     * @param maxFrameSize the largest payload accepted in one frame (the largest window we ever advertise)
     * @param limits       what the session allows on each channel now, asked when each data frame's header arrives
     */
    public BeepFrameDecoder(int maxFrameSize, FrameLimits limits) {
        if (maxFrameSize < 1) {
            throw new IllegalArgumentException("maxFrameSize must be >= 1: " + maxFrameSize);
        }
        this.maxFrameSize = maxFrameSize;
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.context = ctx;
        limits.onResume(this::decodeHeld);
    }

    /**
     * Decodes the octets held back while the session did not accept frames, as if they had just been read; nothing
     * to do while it still accepts none and has held back a data frame (what follows it waits behind it).
     */
    private void decodeHeld() {
        if (held != null && !limits.acceptingFrames()) {
            return;
        }
        if (context != null && !context.isRemoved()) {
            ByteBuf resumed = held != null ? held : Unpooled.EMPTY_BUFFER;
            held = null;
            try {
                channelRead(context, resumed);
                channelReadComplete(context);
            } catch (Exception e) {
                context.fireExceptionCaught(e);
            }
        }
    }

    /**
     * Moves what is left of {@code in} behind what is already held, in a heap buffer that grows as Netty's buffers do
     * (doubling up to 4 MiB, then 4 MiB at a time), so octets arriving over many reads are not all copied again with
     * each read: an exactly sized copy of everything held per read cost the square of what arrived while the session
     * held back, in buffers large enough to bypass the young generation.
     */
    private void hold(ByteBuf in) {
        int n = in.readableBytes();
        if (held == null) {
            held = Unpooled.buffer(n);
        }
        held.writeBytes(in, n);
    }

    /**
     * Netty's decoder asks the socket for another read when a read was decoded into nothing while autoRead is off,
     * taking the decoder to be waiting for the rest of a frame. Here autoRead is off only while the session holds
     * back (over its memory budget, or its share of the turn used), and what it read was kept on purpose: that read
     * would defeat the pause, and each next read would be copied behind what is held, until the peer stops sending.
     */
    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        if (holdingBack() && !ctx.channel().config().isAutoRead()) {
            discardSomeReadBytes();
            ctx.fireChannelReadComplete();
            return;
        }
        super.channelReadComplete(ctx);
    }

    /** True while the session keeps what was read undecoded: it accepts no frames, or its turn is used up. */
    private boolean holdingBack() {
        return held != null || !limits.acceptingFrames() || limits.turnSpent();
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        if (held != null) {
            held.release();
            held = null;
        }
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (held != null) {
            hold(in); // still paused: new octets queue behind those held, in order
            return;
        }
        try {
            if (pending == null) {
                if (limits.turnSpent()) {
                    return; // the session's share of this turn is used: the rest stays in the cumulation
                }
                int start = in.readerIndex();
                FrameHeader h = readHeader(in);
                if (h == null) {
                    return;
                }
                if (h.type() == FrameType.SEQ) {
                    out.add(Frame.seq(h)); // even when paused: a SEQ may let our held replies leave
                    return;
                }
                if (!limits.acceptingFrames()) {
                    in.readerIndex(start); // over the session's memory budget: the rest waits, undecoded
                    hold(in);
                    return;
                }
                checkSize(h);
                limits.headerArrived(h.channel(), h.size());
                pending = h;
            }
            // long: size + trailer overflows an int for the largest frames
            long trailerOctets = in.readableBytes() - (long) pending.size();
            if (trailerOctets < TRAILER_LENGTH) {
                // Check the part of the trailer already here, so that a wrong one ("END" LF) terminates at
                // once instead of when, if ever, the peer sends more.
                if (trailerOctets > 0) {
                    checkTrailer(in, in.readerIndex() + pending.size(), (int) trailerOctets);
                }
                return;
            }
            checkTrailer(in, in.readerIndex() + pending.size(), TRAILER_LENGTH);
            ByteBuf payload = in.readRetainedSlice(pending.size());
            in.skipBytes(TRAILER_LENGTH);
            out.add(new Frame(pending, payload));
            pending = null;
        } catch (BeepProtocolException e) {
            failed = true;
            in.skipBytes(in.readableBytes());
            throw e;
        }
    }

    /** Refuses a declared size over the global limit or over what the channel's receive window leaves open. */
    private void checkSize(FrameHeader h) {
        if (h.size() > maxFrameSize) {
            throw new BeepProtocolException("frame of " + h.size() + " octets exceeds the limit of "
                    + maxFrameSize + ": " + h);
        }
        long open = limits.maxPayload(h.channel());
        if (h.size() > open) {
            throw new BeepProtocolException("frame of " + h.size() + " octets on channel " + h.channel()
                    + " exceeds the " + Math.max(0, open) + " octets its receive window leaves open: " + h);
        }
    }

    /** Reads one header line if complete; null if more input is needed. */
    private FrameHeader readHeader(ByteBuf in) {
        int start = in.readerIndex();
        int avail = Math.min(in.readableBytes(), FrameHeader.MAX_HEADER_LENGTH);
        for (int i = 0; i < avail; i++) {
            byte b = in.getByte(start + i);
            if (b == '\n') {
                throw new BeepProtocolException("bare LF in frame header: \"" + printable(in, start, i + 1) + '"');
            }
            if (b == '\r') {
                if (i + 1 >= in.readableBytes()) {
                    return null; // CR seen, LF not yet arrived
                }
                if (in.getByte(start + i + 1) != '\n') {
                    throw new BeepProtocolException("CR not followed by LF in frame header: \""
                            + printable(in, start, i + 2) + '"');
                }
                byte[] line = LINE.get();
                in.getBytes(start, line, 0, i);
                FrameHeader h = FrameHeaderParser.parse(line, i);
                in.skipBytes(i + 2);
                return h;
            }
            if (b < 0x20 || b > 0x7E) {
                throw new BeepProtocolException("invalid octet in frame header: \"" + printable(in, start, i + 1) + '"');
            }
        }
        if (in.readableBytes() >= FrameHeader.MAX_HEADER_LENGTH) {
            throw new BeepProtocolException("no CRLF within " + FrameHeader.MAX_HEADER_LENGTH
                    + " octets of a frame header: \"" + printable(in, start, FrameHeader.MAX_HEADER_LENGTH) + '"');
        }
        return null;
    }

    /** Checks the first {@code count} octets of the trailer at {@code i} against {@code END} CRLF. */
    private void checkTrailer(ByteBuf in, int i, int count) {
        for (int k = 0; k < count; k++) {
            if (in.getByte(i + k) != FrameHeaderWriter.TRAILER[k]) {
                throw new BeepProtocolException("frame trailer is not END CRLF after " + pending + ": \""
                        + printable(in, i, count) + '"');
            }
        }
    }

    private static String printable(ByteBuf in, int from, int len) {
        byte[] b = new byte[Math.min(len, in.writerIndex() - from)];
        in.getBytes(from, b);
        return FrameHeaderParser.printable(b, b.length);
    }
}
