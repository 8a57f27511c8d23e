package io.beepkit.netty.hardening;

import io.beepkit.netty.BeepConfig;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The defaults of the timeouts, connection limits and memory budget, and the messages naming a refused value. */
class HardeningConfigTest {

    @Test
    @DisplayName("defaults: greeting within 15 s and 64 KiB, no idle timeout, 10 000 connections, no per-address limit, "
            + "16 MiB memory budget for 30 s, a quarter of the heap for the listener, 30 s for start and close, 100 starts/s")
    void defaults() {
        BeepConfig c = BeepConfig.defaults();
        assertEquals(Duration.ofSeconds(15), c.greetingTimeout());
        assertEquals(64 * 1024, c.maxGreetingSize());
        assertEquals(Duration.ZERO, c.idleTimeout());
        assertEquals(10_000, c.maxSessions());
        assertEquals(0, c.maxSessionsPerAddress());
        assertEquals(false, c.proxyProtocol());
        assertEquals(16L * 1024 * 1024, c.memoryBudget());
        assertEquals(Duration.ofSeconds(30), c.memoryBudgetTimeout());
        assertEquals(Math.max(64 * 1024, Runtime.getRuntime().maxMemory() / 4), c.listenerMemoryBudget());
        assertEquals(Duration.ofSeconds(30), c.channelRequestTimeout());
        assertEquals(100, c.maxStartsPerSecond());
        assertEquals(c, c.toBuilder().build(), "toBuilder keeps every value");
        BeepConfig limits = BeepConfig.builder().listenerMemoryBudget(1 << 24)
                .channelRequestTimeout(Duration.ofSeconds(3)).maxStartsPerSecond(7).build();
        assertEquals(limits, limits.toBuilder().build(), "toBuilder keeps the listener budget and request limits");
        BeepConfig changed = BeepConfig.builder().memoryBudget(1 << 20).memoryBudgetTimeout(Duration.ofSeconds(5)).build();
        assertEquals(changed, changed.toBuilder().build(), "toBuilder keeps the memory budget");
        BeepConfig proxied = BeepConfig.builder().proxyProtocol(true).maxSessionsPerAddress(3).build();
        assertEquals(proxied, proxied.toBuilder().build(), "toBuilder keeps the PROXY protocol and per-address limit");
        assertEquals(true, proxied.toBuilder().build().proxyProtocol());
    }

    @Test
    @DisplayName("each refused value is named in the message")
    void refusedValuesAreNamed() {
        assertRefused("greetingTimeout must be positive: PT0S", BeepConfig.builder().greetingTimeout(Duration.ZERO));
        assertRefused("greetingTimeout must be positive: PT-1S",
                BeepConfig.builder().greetingTimeout(Duration.ofSeconds(-1)));
        assertRefused("idleTimeout must be zero (never) or positive: PT-0.001S",
                BeepConfig.builder().idleTimeout(Duration.ofMillis(-1)));
        assertRefused("maxGreetingSize must be >= 1: 0", BeepConfig.builder().maxGreetingSize(0));
        assertRefused("maxSessions must be >= 1: -5", BeepConfig.builder().maxSessions(-5));
        assertRefused("maxSessionsPerAddress must be >= 0 (0 for no limit): -1",
                BeepConfig.builder().maxSessionsPerAddress(-1));
        assertRefused("memoryBudget must be >= 65536: 65535", BeepConfig.builder().memoryBudget(65535));
        assertRefused("memoryBudgetTimeout must be positive: PT0S",
                BeepConfig.builder().memoryBudgetTimeout(Duration.ZERO));
        assertRefused("listenerMemoryBudget must be >= 65536: 1000", BeepConfig.builder().listenerMemoryBudget(1000));
        assertRefused("channelRequestTimeout must be positive: PT-1S",
                BeepConfig.builder().channelRequestTimeout(Duration.ofSeconds(-1)));
        assertRefused("maxStartsPerSecond must be >= 1: 0", BeepConfig.builder().maxStartsPerSecond(0));
    }

    private static void assertRefused(String message, BeepConfig.Builder b) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
        assertEquals(message, e.getMessage());
    }
}
