package io.beepkit.netty.testing;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * PROXY protocol headers written octet by octet from the specification (haproxy.org proxy-protocol.txt), not with
 * the decoder's own library, so tests check the decoder against the format rather than against itself.
 */
public final class ProxyHeaders {
    private static final byte[] V2_SIGNATURE = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};

    private ProxyHeaders() {
    }

    /** A version 1 (text) header for a TCP connection from {@code source} to {@code destination}. */
    public static byte[] v1(InetSocketAddress source, InetSocketAddress destination) {
        String family = source.getAddress() instanceof java.net.Inet6Address ? "TCP6" : "TCP4";
        return ("PROXY " + family + " " + source.getAddress().getHostAddress() + " "
                + destination.getAddress().getHostAddress() + " " + source.getPort() + " " + destination.getPort()
                + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** A version 2 (binary) PROXY header for a TCP over IPv4 connection from {@code source} to {@code destination}. */
    public static byte[] v2(InetSocketAddress source, InetSocketAddress destination) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(V2_SIGNATURE);
        out.write(0x21); // version 2, PROXY
        out.write(0x11); // AF_INET, STREAM
        writeShort(out, 12);
        out.writeBytes(ipv4(source.getAddress()));
        out.writeBytes(ipv4(destination.getAddress()));
        writeShort(out, source.getPort());
        writeShort(out, destination.getPort());
        return out.toByteArray();
    }

    /** A version 2 LOCAL header, as a balancer's health check sends: no addresses. */
    public static byte[] v2Local() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(V2_SIGNATURE);
        out.write(0x20); // version 2, LOCAL
        out.write(0x00); // AF_UNSPEC
        writeShort(out, 0);
        return out.toByteArray();
    }

    /** {@code a} followed by {@code b}. */
    public static byte[] concat(byte[] a, byte[] b) {
        byte[] r = new byte[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    private static byte[] ipv4(InetAddress a) {
        byte[] b = a.getAddress();
        if (b.length != 4) {
            throw new IllegalArgumentException("not an IPv4 address: " + a);
        }
        return b;
    }

    private static void writeShort(ByteArrayOutputStream out, int v) {
        out.write(v >>> 8);
        out.write(v & 0xFF);
    }
}
