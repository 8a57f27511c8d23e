package io.beepkit.netty.internal;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepResources;
import io.beepkit.netty.BeepServer;
import io.netty.util.concurrent.EventExecutor;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The event loop's spin after a hand-off: on only after one, ended by ready I/O (a hit) or the budget (a miss), backing
 * off exponentially after misses in a row, configured by a checked system property, and installed on the loops this
 * library creates.
 */
class HandOffSpinTest {
    private static final long LONG = TimeUnit.SECONDS.toNanos(30);

    @Test
    @DisplayName("no spin without a hand-off; a hand-off spins until I/O is ready, which counts as a hit")
    void handOffSpinsUntilIoIsReady() {
        HandOffSpin spin = new HandOffSpin(LONG);
        assertFalse(spin.spinning(), "idle loop blocks at once");
        spin.arm();
        assertTrue(spin.spinning());
        assertTrue(spin.spinning(), "still within the budget");
        spin.ioReady();
        assertFalse(spin.spinning());
        assertEquals(1, spin.spins());
        assertEquals(1, spin.hits());
        assertEquals(0, spin.skips());
    }

    @Test
    @DisplayName("after n misses in a row the next 2^n - 1 hand-offs do not spin, at most 1023")
    void missesBackOffExponentially() {
        HandOffSpin spin = new HandOffSpin(1);
        for (int misses = 1; misses <= 12; misses++) {
            spin.arm();
            waitPast(spin);
            int expected = (1 << Math.min(misses, 10)) - 1;
            assertEquals(expected, spin.skips(), "skips after " + misses + " misses");
            for (int i = 0; i < expected; i++) {
                spin.arm();
                assertFalse(spin.spinning(), "hand-off " + i + " after " + misses + " misses must not spin");
            }
        }
        assertEquals(12, spin.spins());
        assertEquals(0, spin.hits());
    }

    @Test
    @DisplayName("a hit ends the back-off: the next miss backs off as the first one did")
    void hitResetsTheBackOff() {
        HandOffSpin spin = new HandOffSpin(1);
        spin.arm();
        waitPast(spin);
        spin.arm(); // skipped: one miss in a row
        spin.arm();
        waitPast(spin);
        assertEquals(3, spin.skips());
        for (int i = 0; i < 3; i++) {
            spin.arm();
        }
        spin.arm();
        spin.ioReady();
        assertEquals(1, spin.hits());
        spin.arm();
        waitPast(spin);
        assertEquals(1, spin.skips(), "a miss after a hit is a first miss");
    }

    @Test
    @DisplayName("a budget of 0 never spins")
    void zeroBudgetNeverSpins() {
        HandOffSpin spin = new HandOffSpin(0);
        spin.arm();
        assertFalse(spin.spinning());
        assertEquals(0, spin.spins());
    }

    @Test
    @DisplayName("the budget property is checked: 0 to 10 000 microseconds, the offending value named")
    void budgetPropertyIsChecked() {
        String before = System.getProperty(HandOffSpin.PROPERTY);
        try {
            System.clearProperty(HandOffSpin.PROPERTY);
            assertEquals(HandOffSpin.DEFAULT_MICROS * 1000, HandOffSpin.budgetNanos());
            System.setProperty(HandOffSpin.PROPERTY, " 0 ");
            assertEquals(0, HandOffSpin.budgetNanos());
            System.setProperty(HandOffSpin.PROPERTY, "250");
            assertEquals(250_000, HandOffSpin.budgetNanos());
            for (String bad : new String[] {"-1", "10001", "fast", ""}) {
                System.setProperty(HandOffSpin.PROPERTY, bad);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, HandOffSpin::budgetNanos);
                assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
            }
        } finally {
            if (before == null) {
                System.clearProperty(HandOffSpin.PROPERTY);
            } else {
                System.setProperty(HandOffSpin.PROPERTY, before);
            }
        }
    }

    @Test
    @DisplayName("off the loop threads a hand-off is a no-op")
    void noSpinStateOffTheLoop() {
        HandOffSpin.handedOff();
        assertNull(HandOffSpin.ofCurrentLoop());
    }

    @Test
    @DisplayName("echoes with off-loop callbacks over 127.0.0.1 make the library's loops spin after their hand-offs")
    void echoesWithOffLoopCallbacksSpin() throws Exception {
        try (BeepResources resources = BeepResources.builder().ioThreads(1).build();
             BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).resources(resources).build()
                     .start().get(10, TimeUnit.SECONDS);
             BeepClient client = BeepClient.builder().resources(resources).build()) {
            BeepSession session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
            BeepChannel echo = session.startChannel(StandardProfiles.ECHO).get(10, TimeUnit.SECONDS);
            for (int i = 0; i < 200; i++) {
                echo.send(MimeEntity.of("ping " + i)).get(10, TimeUnit.SECONDS);
            }
            long spins = 0;
            for (EventExecutor loop : resources.eventLoopGroup()) {
                spins += loop.submit(() -> HandOffSpin.ofCurrentLoop().spins()).get(10, TimeUnit.SECONDS);
            }
            assertTrue(spins > 0, "spins ended on the loops: " + spins);
            session.close().get(10, TimeUnit.SECONDS);
        }
    }

    private static void waitPast(HandOffSpin spin) {
        while (spin.spinning()) {
            Thread.onSpinWait();
        }
    }

}
