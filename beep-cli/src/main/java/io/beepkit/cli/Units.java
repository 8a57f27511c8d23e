package io.beepkit.cli;

import picocli.CommandLine;

import java.time.Duration;
import java.util.Locale;

/** Parsing and formatting of sizes (4096, 64k, 1m) and durations (10s, 500ms, 1.5, 2m). */
final class Units {
    private Units() {
    }

    /** Octets with an optional binary suffix: k = 1024, m = 1024^2, g = 1024^3. */
    static long parseSize(String s) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (v.endsWith("ib")) {
            v = v.substring(0, v.length() - 2);
        } else if (v.endsWith("b") && v.length() > 1 && !Character.isDigit(v.charAt(v.length() - 2))) {
            v = v.substring(0, v.length() - 1);
        }
        if (v.endsWith("k")) {
            unit = 1024;
        } else if (v.endsWith("m")) {
            unit = 1024 * 1024;
        } else if (v.endsWith("g")) {
            unit = 1024L * 1024 * 1024;
        }
        if (unit != 1) {
            v = v.substring(0, v.length() - 1);
        }
        try {
            long n = Long.parseLong(v.trim());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return Math.multiplyExact(n, unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("invalid size '" + s + "' (expected octets such as 4096, 64k or 1m)");
        }
    }

    /** A duration: a number with an optional unit ms, s, m or h; seconds when there is none. */
    static Duration parseDuration(String s) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        double factorMillis = 1000;
        String num = v;
        if (v.endsWith("ms")) {
            factorMillis = 1;
            num = v.substring(0, v.length() - 2);
        } else if (v.endsWith("s")) {
            num = v.substring(0, v.length() - 1);
        } else if (v.endsWith("m")) {
            factorMillis = 60_000;
            num = v.substring(0, v.length() - 1);
        } else if (v.endsWith("h")) {
            factorMillis = 3_600_000;
            num = v.substring(0, v.length() - 1);
        }
        try {
            double d = Double.parseDouble(num.trim());
            if (!(d >= 0) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return Duration.ofNanos(Math.round(d * factorMillis * 1_000_000));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid duration '" + s + "' (expected e.g. 10s, 500ms, 1.5 or 2m)");
        }
    }

    static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toNanos() / 1e9);
    }

    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    /** Converts "64k" and friends into an int (usage error when it does not fit). */
    static final class IntSize implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                long n = parseSize(value);
                if (n > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("size '" + value + "' is too large (at most 2147483647 octets)");
                }
                return (int) n;
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** Converts "64m" and friends into a long. */
    static final class LongSize implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return parseSize(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return parseDuration(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
