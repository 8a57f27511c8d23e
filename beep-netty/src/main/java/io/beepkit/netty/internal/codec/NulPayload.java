package io.beepkit.netty.internal.codec;

import io.netty.buffer.ByteBuf;

/**
 * What a NUL frame may carry. RFC 3080 §2.2.1.1 says size 0; Vortex 1.1 sends {@code NUL ch msgno . seqno 2} whose
 * payload is its empty MIME header section (one CRLF). That exact form is tolerated, anything else is a protocol error.
 */
public final class NulPayload {
    private NulPayload() {
    }

    public static boolean isAcceptable(ByteBuf payload) {
        int n = payload.readableBytes();
        if (n == 0) {
            return true;
        }
        int i = payload.readerIndex();
        return n == 2 && payload.getByte(i) == '\r' && payload.getByte(i + 1) == '\n';
    }
}
