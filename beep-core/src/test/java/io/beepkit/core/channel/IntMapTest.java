package io.beepkit.core.channel;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntMapTest {
    @Test
    void aMapNeverUsedAnswersEmptyAndMapsShareNothing() {
        IntMap<String> unused = new IntMap<>();
        assertNull(unused.get(0));
        assertNull(unused.remove(7));
        unused.clear();
        List<String> seen = new ArrayList<>();
        unused.forEachValue(seen::add);
        assertEquals(List.of(), seen);
        assertTrue(unused.isEmpty());

        IntMap<String> a = new IntMap<>();
        IntMap<String> b = new IntMap<>();
        a.put(0, "a0");
        assertNull(b.get(0), "an entry of one map showed in another");
        assertNull(unused.get(0), "an entry of one map showed in an unused one");
        b.put(0, "b0");
        b.put(1, "b1");
        assertEquals("a0", a.get(0));
        assertEquals("b0", b.get(0));
        assertEquals("b1", b.get(1));
        a.remove(0);
        a.clear();
        assertTrue(a.isEmpty());
        assertNull(new IntMap<String>().get(0));
    }

    @Test
    void smallMapsBehaveLikeAHashMapAcrossTheOneEntryFormAndTheTable() {
        Random random = new Random(7);
        for (int trial = 0; trial < 20_000; trial++) {
            IntMap<String> map = new IntMap<>();
            Map<Integer, String> expected = new HashMap<>();
            for (int op = 0; op < 12; op++) {
                int key = random.nextInt(4);
                switch (random.nextInt(4)) {
                    case 0 -> assertEquals(expected.remove(key), map.remove(key), "remove " + key);
                    case 1 -> {
                        if (random.nextInt(4) == 0) {
                            expected.clear();
                            map.clear();
                        }
                    }
                    default -> assertEquals(expected.put(key, "v" + op), map.put(key, "v" + op), "put " + key);
                }
                assertEquals(expected.size(), map.size());
                for (int probe = 0; probe < 4; probe++) {
                    assertEquals(expected.get(probe), map.get(probe), "get " + probe);
                }
                List<String> values = new ArrayList<>();
                map.forEachValue(values::add);
                assertEquals(new HashSet<>(expected.values()), new HashSet<>(values));
                assertEquals(expected.size(), values.size());
            }
        }
    }

    @Test
    void behavesLikeAHashMapUnderRandomPutsAndRemoves() {
        Random random = new Random(42);
        IntMap<String> map = new IntMap<>();
        Map<Integer, String> expected = new HashMap<>();
        for (int op = 0; op < 200_000; op++) {
            // a narrow key range makes probe runs collide and wrap; a wide one makes the table grow
            int key = op % 2 == 0 ? random.nextInt(64) : random.nextInt(Integer.MAX_VALUE);
            if (random.nextInt(3) == 0) {
                assertEquals(expected.remove(key), map.remove(key), "remove " + key);
            } else {
                String v = "v" + op;
                assertEquals(expected.put(key, v), map.put(key, v), "put " + key);
            }
            assertEquals(expected.size(), map.size());
            int probe = random.nextInt(64);
            assertEquals(expected.get(probe), map.get(probe), "get " + probe);
            assertEquals(expected.containsKey(probe), map.containsKey(probe));
        }
        for (Map.Entry<Integer, String> e : expected.entrySet()) {
            assertEquals(e.getValue(), map.get(e.getKey()));
        }
        List<String> values = new ArrayList<>();
        map.forEachValue(values::add);
        assertEquals(expected.size(), values.size());
        assertEquals(new HashSet<>(expected.values()), new HashSet<>(values)); // every value is distinct
    }

    @Test
    void consecutiveMsgnosWrappingAtTheTopOfTheRange() {
        IntMap<Integer> map = new IntMap<>();
        for (int i = 0; i < 1000; i++) {
            int msgno = Integer.MAX_VALUE - 500 + i < 0 ? i - 501 : Integer.MAX_VALUE - 500 + i;
            map.put(msgno, i);
            if (i >= 32) {
                int old = Integer.MAX_VALUE - 500 + i - 32 < 0 ? i - 32 - 501 : Integer.MAX_VALUE - 500 + i - 32;
                assertEquals(i - 32, map.remove(old));
            }
        }
        assertEquals(32, map.size());
        map.clear();
        assertTrue(map.isEmpty());
        assertNull(map.get(0));
        assertFalse(map.containsKey(Integer.MAX_VALUE));
    }

    @Test
    void refusesNegativeKeysAndNullValues() {
        IntMap<String> map = new IntMap<>();
        assertThrows(IllegalArgumentException.class, () -> map.put(-1, "x"));
        assertThrows(IllegalArgumentException.class, () -> map.put(1, null));
    }
}
