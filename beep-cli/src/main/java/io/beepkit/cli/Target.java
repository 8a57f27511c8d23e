package io.beepkit.cli;

import io.beepkit.netty.BeepServer;

import picocli.CommandLine;

/** A peer address given as {@code HOST:PORT}, {@code [IPv6]:PORT}, or {@code HOST} (port 10288). */
record Target(String host, int port) {
    static final int DEFAULT_PORT = BeepServer.DEFAULT_PORT;

    static Target parse(String s) {
        if (s == null || s.isBlank()) {
            throw new IllegalArgumentException("empty address, expected HOST:PORT");
        }
        String host;
        String port = null;
        if (s.startsWith("[")) {
            int end = s.indexOf(']');
            if (end < 0) {
                throw new IllegalArgumentException("unclosed '[' in address '" + s + "', expected [IPv6]:PORT");
            }
            host = s.substring(1, end);
            String rest = s.substring(end + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw new IllegalArgumentException("expected ':' after ']' in address '" + s + "'");
                }
                port = rest.substring(1);
            }
        } else {
            int colon = s.lastIndexOf(':');
            if (colon >= 0 && s.indexOf(':') != colon) {
                throw new IllegalArgumentException("IPv6 address '" + s + "' needs brackets: [ADDRESS]:PORT");
            }
            host = colon < 0 ? s : s.substring(0, colon);
            port = colon < 0 ? null : s.substring(colon + 1);
        }
        if (host.isEmpty()) {
            throw new IllegalArgumentException("missing host in address '" + s + "', expected HOST:PORT");
        }
        return new Target(host, port == null ? DEFAULT_PORT : parsePort(port, s));
    }

    static int parsePort(String port, String whole) {
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid port '" + port + "' in address '" + whole + "'");
        }
        if (p < 1 || p > 65535) {
            throw new IllegalArgumentException("port " + p + " out of range 1..65535 in address '" + whole + "'");
        }
        return p;
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** picocli converter; a failure becomes a usage error (exit code 2). */
    static final class Converter implements CommandLine.ITypeConverter<Target> {
        @Override
        public Target convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
