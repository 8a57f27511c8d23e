package io.beepkit.core.channel;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A map from non-negative {@code int} keys (msgnos) to values, without boxing: open addressing with linear probing
 * and backward-shift deletion, so a busy channel's per-message bookkeeping allocates no key objects or map nodes.
 * Grows at half full, never shrinks. Not thread-safe.
 *
 * <p>Until it holds two entries at once a map has no table: its one entry sits in two fields. Most maps (a channel's
 * outstanding msgnos with one message in flight, a listener's channel that never sends a MSG of its own) never hold
 * more, and a listener holds several per channel; the first time two are held at once the map gets a table of four
 * slots, and keeps it.
 *
 * @param <V> the values; null is not a value (it means "absent")
 */
public final class IntMap<V> {
    private static final int EMPTY = -1;

    /** The table, or null while the map holds at most one entry (in {@link #soloKey} and {@link #soloValue}). */
    private int[] keys;
    private Object[] values;
    private int size;
    private int mask;
    private int soloKey = EMPTY;
    private Object soloValue;

    /** The value of {@code key}, or null. */
    @SuppressWarnings("unchecked")
    public V get(int key) {
        int[] k = keys;
        if (k == null) {
            return key == soloKey ? (V) soloValue : null;
        }
        for (int i = slot(key); ; i = (i + 1) & mask) {
            int at = k[i];
            if (at == key) {
                return (V) values[i];
            }
            if (at == EMPTY) {
                return null;
            }
        }
    }

    /** True if {@code key} has a value. */
    public boolean containsKey(int key) {
        return get(key) != null;
    }

    /**
     * Sets the value of {@code key} (at least 0) to {@code value} (not null).
     *
     * @return the value it replaces, or null
     */
    @SuppressWarnings("unchecked")
    public V put(int key, V value) {
        if (key < 0) {
            throw new IllegalArgumentException("key must be >= 0: " + key);
        }
        if (value == null) {
            throw new IllegalArgumentException("null value for key " + key);
        }
        if (keys == null) {
            if (size == 0 || soloKey == key) {
                V old = (V) soloValue;
                soloKey = key;
                soloValue = value;
                size = 1;
                return old;
            }
            // A second entry: from now on a table.
            allocate(4);
            insert(soloKey, soloValue);
            soloKey = EMPTY;
            soloValue = null;
        }
        for (int i = slot(key); ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == key) {
                V old = (V) values[i];
                values[i] = value;
                return old;
            }
            if (k == EMPTY) {
                keys[i] = key;
                values[i] = value;
                if (++size > keys.length / 2) {
                    grow();
                }
                return null;
            }
        }
    }

    /**
     * Removes {@code key}'s value.
     *
     * @return the value removed, or null if there was none
     */
    @SuppressWarnings("unchecked")
    public V remove(int key) {
        if (keys == null) {
            if (key != soloKey) {
                return null;
            }
            V old = (V) soloValue;
            soloKey = EMPTY;
            soloValue = null;
            size = 0;
            return old;
        }
        for (int i = slot(key); ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == EMPTY) {
                return null;
            }
            if (k == key) {
                V old = (V) values[i];
                shiftBack(i);
                size--;
                return old;
            }
        }
    }

    /** How many keys have values. */
    public int size() {
        return size;
    }

    /** True when no key has a value. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Hands every value to {@code action}, in no particular order; the map must not change meanwhile. */
    @SuppressWarnings("unchecked")
    public void forEachValue(Consumer<? super V> action) {
        if (keys == null) {
            if (size != 0) {
                action.accept((V) soloValue);
            }
            return;
        }
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                action.accept((V) values[i]);
            }
        }
    }

    /** Removes every entry. */
    public void clear() {
        if (keys == null) {
            soloKey = EMPTY;
            soloValue = null;
        } else if (size != 0) {
            Arrays.fill(keys, EMPTY);
            Arrays.fill(values, null);
        }
        size = 0;
    }

    /** Empties slot {@code gap}, moving later entries of the same probe run back so every lookup still finds them. */
    private void shiftBack(int gap) {
        for (int i = (gap + 1) & mask; keys[i] != EMPTY; i = (i + 1) & mask) {
            int home = slot(keys[i]);
            // The entry at i may fill the gap unless its home lies cyclically in (gap, i].
            boolean homeAfterGap = gap <= i ? home > gap && home <= i : home > gap || home <= i;
            if (!homeAfterGap) {
                keys[gap] = keys[i];
                values[gap] = values[i];
                gap = i;
            }
        }
        keys[gap] = EMPTY;
        values[gap] = null;
    }

    private int slot(int key) {
        int h = key * 0x9E3779B9; // msgnos are consecutive: spread them, then fold the high bits in
        return (h ^ h >>> 16) & mask;
    }

    private void allocate(int capacity) {
        keys = new int[capacity];
        Arrays.fill(keys, EMPTY);
        values = new Object[capacity];
        mask = capacity - 1;
    }

    /** Puts an entry known to be absent into the table, which has room (size is counted by the caller). */
    private void insert(int key, Object value) {
        int j = slot(key);
        while (keys[j] != EMPTY) {
            j = (j + 1) & mask;
        }
        keys[j] = key;
        values[j] = value;
    }

    private void grow() {
        int[] oldKeys = keys;
        Object[] oldValues = values;
        allocate(oldKeys.length * 2);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                insert(oldKeys[i], oldValues[i]);
            }
        }
    }
}
