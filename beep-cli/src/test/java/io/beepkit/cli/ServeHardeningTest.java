package io.beepkit.cli;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Regression tests for {@code beep serve} under a hostile or merely busy peer. */
class ServeHardeningTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    @Test
    @DisplayName("serve --window 1000 accepts a legal 3000-octet first frame: the frame limit stays at 4096")
    void smallWindowAcceptsALegalFirstFrame() throws Exception {
        try (Cli.Server server = new Cli.Server("--window", "1000");
             Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(5_000);
            String payload = "Content-Type: application/beep+xml\r\n\r\n<greeting>"
                    + "<!-- padding -->".repeat(190) + "</greeting>";
            assertTrue(payload.length() > 3000 && payload.length() <= 4096, "payload of " + payload.length());
            String start = "Content-Type: application/beep+xml\r\n\r\n<start number='1'><profile uri='"
                    + StandardProfiles.ECHO + "'/></start>";
            OutputStream out = s.getOutputStream();
            out.write(("RPY 0 0 . 0 " + payload.length() + "\r\n" + payload + "END\r\n"
                    + "MSG 0 1 . " + payload.length() + " " + start.length() + "\r\n" + start + "END\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder seen = new StringBuilder();
            byte[] buf = new byte[4096];
            while (!seen.toString().contains("RPY 0 1 ")) {
                int n = in.read(buf);
                assertTrue(n >= 0, () -> "serve closed the session: " + seen + "\n" + server.output());
                seen.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
            }
        }
    }

    @Test
    @DisplayName("serve forgets closed channels: 300 start/close cycles hold no channel, the summary still counts them")
    void closedChannelsAreForgotten() throws Exception {
        try (Cli.Server server = new Cli.Server("--max-starts-per-second", "100000")) {
            BeepClient client = teardown.add(BeepClient.builder().build());
            BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            for (int i = 0; i < 300; i++) {
                BeepChannel ch = session.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
                ch.send(MimeEntity.of("x")).get(5, TimeUnit.SECONDS);
                ch.close().get(5, TimeUnit.SECONDS);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (server.serve.channelsHeld() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(0, server.serve.channelsHeld(), "channels held after they closed");
            session.close().get(5, TimeUnit.SECONDS);
            server.awaitLine(".* session #\\d+ closed: peer .*, 300 channels, 300 messages, frames in 300 out 300, "
                    + "octets in 900 out 900");
        }
    }

    @Test
    @DisplayName("serve takes the limits as flags, prints them, and prints a stats line every --stats-interval")
    void limitFlagsAndStats() throws Exception {
        try (Cli.Server server = new Cli.Server("--memory-budget", "1m", "--memory-budget-timeout", "5s",
                "--listener-memory-budget", "8m", "--channel-request-timeout", "2s", "--max-starts-per-second", "3",
                "--greeting-timeout", "4s", "--max-sessions", "50", "--max-sessions-per-address", "7",
                "--stats-interval", "200ms")) {
            server.awaitOutput("limits: memory budget 1048576 octets per session for at most 5000 ms, 8388608 for "
                    + "the listener; start/close timeout 2000 ms, 3 starts/s; greeting within 4000 ms; 50 connections, "
                    + "7 per address");
            BeepClient client = teardown.add(BeepClient.builder().build());
            BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            session.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
            server.awaitLine(".* stats: sessions 1, memory held \\d+ of 8388608 \\(refusing no, shed 0\\), heap used "
                    + "\\d+ MiB, after gc -?\\d+ MiB, max \\d+ MiB, threads \\d+");
            session.close().get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    @DisplayName("serve has no per-address limit by default; with --proxy-protocol a session's peer is the client "
            + "named by the balancer's header, and a connection without one is closed")
    void proxyProtocolNamesTheClient() throws Exception {
        try (Cli.Server server = new Cli.Server("--proxy-protocol")) {
            server.awaitOutput("10000 connections, no per-address limit");
            server.awaitOutput("PROXY protocol: a v1 or v2 header is expected before every greeting");
            String greeting = "Content-Type: application/beep+xml\r\n\r\n<greeting />";
            String frame = "RPY 0 0 . 0 " + greeting.length() + "\r\n" + greeting + "END\r\n";
            try (Socket s = new Socket("127.0.0.1", server.port())) {
                s.setSoTimeout(5_000);
                s.getOutputStream().write(("PROXY TCP4 198.51.100.9 127.0.0.1 43210 " + server.port() + "\r\n"
                        + frame).getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                server.awaitLine(".* session #1 opened: peer 198\\.51\\.100\\.9:43210");
            }
            try (Socket s = new Socket("127.0.0.1", server.port())) {
                s.setSoTimeout(5_000);
                s.getOutputStream().write(frame.getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                assertEquals(-1, s.getInputStream().read(), "closed without a greeting of ours");
            }
        }
    }
}
