package io.beepkit.cli;

import io.beepkit.syslog.file.FileSyslogSink;
import io.beepkit.syslog.file.FsyncPolicy;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;

/** {@code beep syslog receive -o FILE}: the file sink's rotation and fsync options. */
final class SyslogFileOptions {
    @Option(names = "--rotate-size", paramLabel = "OCTETS", converter = Units.LongSize.class,
            description = "With -o: rotate the file before it would exceed OCTETS (e.g. 100m); FILE.1 is the newest "
                    + "rotated file.")
    Long rotateSize;

    @Option(names = "--rotate-every", paramLabel = "TIME", converter = Units.DurationConverter.class,
            description = "With -o: rotate the file once it has been open for TIME (e.g. 1h, 1d).")
    Duration rotateEvery;

    @Option(names = "--keep", paramLabel = "N", defaultValue = "10",
            description = "With -o: rotated files kept (default: ${DEFAULT-VALUE}).")
    int keep;

    @Option(names = "--fsync", paramLabel = "POLICY", defaultValue = "every-batch",
            description = "With -o: every-batch (acknowledge only what is on the disk), a TIME such as 1s (fsync at "
                    + "most that often, after acknowledging), or never (default: ${DEFAULT-VALUE}).")
    String fsync;

    /** True when a file option was given, which needs {@code -o}. */
    boolean anyGiven() {
        return rotateSize != null || rotateEvery != null || keep != 10 || !fsync.equals("every-batch");
    }

    /** The sink writing to {@code file}; a bad value is a usage error naming the option. */
    FileSyslogSink sink(CommandLine cmd, Path file, boolean json) {
        FileSyslogSink.Builder b = FileSyslogSink.builder(file)
                .format(json ? FileSyslogSink.Format.JSON_LINES : FileSyslogSink.Format.TEXT);
        try {
            b.fsync(FsyncPolicy.parse(fsync));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cmd, "--fsync: " + e.getMessage());
        }
        try {
            b.keep(keep).rotateSize(rotateSize == null ? 0 : rotateSize).rotateInterval(rotateEvery);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cmd, "--rotate-size, --rotate-every, --keep: " + e.getMessage());
        }
        return b.build();
    }
}
