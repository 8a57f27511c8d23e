package io.beepkit.bench;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harnesses' {@code name=value} arguments. */
class HarnessArgsTest {
    @Test
    void namesMapToTheirValuesWhichMayHoldEqualsSigns() {
        Map<String, String> a = HarnessArgs.parse(new String[] {"lines=10", "cookedDevice=--window=64k", "lines=20"});
        assertEquals(Map.of("lines", "20", "cookedDevice", "--window=64k"), a);
    }

    @Test
    void anArgumentWithoutANameIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HarnessArgs.parse(new String[] {"=5"}));
        assertTrue(e.getMessage().endsWith(": =5"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HarnessArgs.parse(new String[] {"lines"}));
    }
}
