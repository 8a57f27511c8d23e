package io.beepkit.netty.hardening;

import io.beepkit.netty.FlowSettings;
import io.beepkit.netty.InitiatorSecurity;
import io.beepkit.netty.ListenerLimits;
import io.beepkit.netty.ListenerSecurity;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.SocketOptions;
import io.beepkit.netty.TcpKeepAlive;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslMechanism;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The defaults of the limits and, for each setting group, that {@code build()} names the refused setting and value. */
class HardeningConfigTest {

    @Test
    @DisplayName("defaults: greeting within 15 s and 64 KiB, no idle timeout, 10 000 connections, no per-address limit, "
            + "16 MiB memory budget for 30 s, a quarter of the heap for the listener, 30 s for start and close, 100 starts/s")
    void defaults() {
        SessionLimits c = SessionLimits.defaults();
        assertEquals(Duration.ofSeconds(15), c.greetingTimeout());
        assertEquals(64 * 1024, c.maxGreetingSize());
        assertEquals(Duration.ZERO, c.idleTimeout());
        assertEquals(16L * 1024 * 1024, c.memoryBudget());
        assertEquals(Duration.ofSeconds(30), c.memoryBudgetTimeout());
        assertEquals(Duration.ofSeconds(30), c.channelRequestTimeout());
        assertEquals(100, c.maxStartsPerSecond());
        assertEquals(c, c.toBuilder().build(), "toBuilder keeps every value");
        ListenerLimits l = ListenerLimits.defaults();
        assertEquals(10_000, l.maxSessions());
        assertEquals(0, l.maxSessionsPerAddress());
        assertEquals(Math.max(64 * 1024, Runtime.getRuntime().maxMemory() / 4), l.memoryBudget());
        ListenerLimits changed = l.toBuilder().maxSessionsPerAddress(3).memoryBudget(1 << 24).build();
        assertEquals(changed, changed.toBuilder().build(), "toBuilder keeps the listener limits");
        SessionLimits limits = SessionLimits.builder().channelRequestTimeout(Duration.ofSeconds(3))
                .maxStartsPerSecond(7).memoryBudget(1 << 20).build();
        assertEquals(limits, limits.toBuilder().build(), "toBuilder keeps the request limits and memory budget");
    }

    @Test
    @DisplayName("SessionLimits: each refused value is named in the message")
    void sessionLimitsNameTheRefusedValue() {
        assertRefused("greetingTimeout must be a positive duration: PT0S",
                () -> SessionLimits.builder().greetingTimeout(Duration.ZERO).build());
        assertRefused("greetingTimeout must be a positive duration: PT-1S",
                () -> SessionLimits.builder().greetingTimeout(Duration.ofSeconds(-1)).build());
        assertRefused("idleTimeout must be zero or a positive duration: PT-0.001S",
                () -> SessionLimits.builder().idleTimeout(Duration.ofMillis(-1)).build());
        assertRefused("maxGreetingSize must be >= 1: 0", () -> SessionLimits.builder().maxGreetingSize(0).build());
        assertRefused("memoryBudget must be >= 65536: 65535",
                () -> SessionLimits.builder().memoryBudget(65535).build());
        assertRefused("memoryBudgetTimeout must be a positive duration: PT0S",
                () -> SessionLimits.builder().memoryBudgetTimeout(Duration.ZERO).build());
        assertRefused("channelRequestTimeout must be a positive duration: PT-1S",
                () -> SessionLimits.builder().channelRequestTimeout(Duration.ofSeconds(-1)).build());
        assertRefused("maxStartsPerSecond must be >= 1: 0",
                () -> SessionLimits.builder().maxStartsPerSecond(0).build());
        assertRefused("maxMessageSize must be >= 1: 0", () -> SessionLimits.builder().maxMessageSize(0).build());
        assertRefused("maxFramesPerTurn must be >= 1: 0", () -> SessionLimits.builder().maxFramesPerTurn(0).build());
        assertRefused("idleTimeout must be zero or a positive duration: null",
                () -> SessionLimits.builder().idleTimeout(null).build());
    }

    @Test
    @DisplayName("ListenerLimits: each refused value is named in the message")
    void listenerLimitsNameTheRefusedValue() {
        assertRefused("maxSessions must be >= 1: -5", () -> ListenerLimits.builder().maxSessions(-5).build());
        assertRefused("maxSessionsPerAddress must be >= 0: -1",
                () -> ListenerLimits.builder().maxSessionsPerAddress(-1).build());
        assertRefused("memoryBudget must be >= 65536: 1000", () -> ListenerLimits.builder().memoryBudget(1000).build());
    }

    @Test
    @DisplayName("SocketOptions and FlowSettings: each refused value is named in the message")
    void socketAndFlowNameTheRefusedValue() {
        assertRefused("receiveBuffer must be >= 0: -1", () -> SocketOptions.builder().receiveBuffer(-1).build());
        assertRefused("writeBufferWaterMarks must satisfy 1 <= low <= high: low=10 high=5",
                () -> SocketOptions.builder().writeBufferWaterMarks(10, 5).build());
        assertRefused("connectTimeout must be a positive duration: PT0S",
                () -> SocketOptions.builder().connectTimeout(Duration.ZERO).build());
        assertRefused("initialWindow must be >= 2: 1", () -> FlowSettings.builder().window(1).build());
        assertRefused("maxWindow must be >= initialWindow 65536: 4096",
                () -> FlowSettings.builder().maxWindow(4096).build());
        assertRefused("seqDelay must be between 0 and 200 ms: PT0.201S",
                () -> FlowSettings.builder().seqDelay(Duration.ofMillis(201)).build());
        assertRefused("tailWait must be zero or a positive duration: PT-0.001S",
                () -> FlowSettings.builder().tailWait(Duration.ofMillis(-1)).build());
        assertEquals(TcpKeepAlive.of(Duration.ofSeconds(1), Duration.ofSeconds(1), 1),
                SocketOptions.builder().keepAlive(TcpKeepAlive.of(Duration.ofSeconds(1), Duration.ofSeconds(1), 1))
                        .build().keepAlive());
    }

    @Test
    @DisplayName("SessionConfig and the security groups: each refused value is named in the message")
    void sessionAndSecurityNameTheRefusedValue() {
        assertRefused("defaultDeadline must be a positive duration: PT0S",
                () -> SessionConfig.builder().defaultDeadline(Duration.ZERO).build());
        assertRefused("observer must not be null", () -> SessionConfig.builder().observer(null).build());
        assertRefused("tlsRequired=true needs tls, which is null",
                () -> ListenerSecurity.builder().tlsRequired(true).build());
        assertRefused("tlsOnConnect=true needs tls, which is null",
                () -> InitiatorSecurity.builder().tlsOnConnect(true).build());
        assertRefused("sasl=PLAIN without tlsOnConnect would send the password in clear; set tlsOnConnect or "
                        + "plainWithoutTls",
                () -> InitiatorSecurity.builder()
                        .sasl(SaslMechanism.PLAIN, SaslCredentials.password("u", "p".toCharArray())).build());
        assertEquals(SaslMechanism.PLAIN, InitiatorSecurity.builder().plainWithoutTls(true)
                .sasl(SaslMechanism.PLAIN, SaslCredentials.password("u", "p".toCharArray())).build().saslMechanism());
    }

    private static void assertRefused(String message, Executable build) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
        assertEquals(message, e.getMessage());
    }
}
