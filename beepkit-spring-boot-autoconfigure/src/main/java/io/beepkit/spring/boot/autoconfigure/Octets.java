package io.beepkit.spring.boot.autoconfigure;

import org.springframework.util.unit.DataSize;

/** A {@link DataSize} property as the {@code int} octet count the library's builders take. */
final class Octets {
    private Octets() {
    }

    /** @throws IllegalArgumentException for a size beyond an {@code int}, which the builders could not be given */
    static int of(DataSize size) {
        if (size.toBytes() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(size + " is more than the " + Integer.MAX_VALUE + " octets a setting"
                    + " can hold");
        }
        return (int) size.toBytes();
    }
}
