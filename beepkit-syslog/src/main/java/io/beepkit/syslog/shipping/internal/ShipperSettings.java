package io.beepkit.syslog.shipping.internal;

import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.ReconnectPolicy;
import io.beepkit.syslog.SyslogTransport;
import io.beepkit.syslog.shipping.OverflowPolicy;
import io.beepkit.syslog.shipping.ShipperListener;
import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** What a {@code LogShipper.Builder} collected, checked, for the engine. */
public record ShipperSettings(
        List<Address> collectors, SyslogTransport transport, SessionConfig config, InitiatorSecurity security,
        ReconnectPolicy reconnect,
        Duration failoverAfter, Duration connectTimeout, int inFlight, int rawCheckpointLines,
        int facility, String hostname, String appName, String procId, String enterprise,
        int capacity, OverflowPolicy overflow, Duration blockTimeout, int dropThresholdPercent,
        @Nullable Path spillDirectory, long spillMaxBytes, long spillSegmentBytes,
        ShipperListener listener, Duration reportInterval) {

    /** A collector's address. */
    public record Address(String host, int port) {
        @Override
        public String toString() {
            return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
        }
    }
}
