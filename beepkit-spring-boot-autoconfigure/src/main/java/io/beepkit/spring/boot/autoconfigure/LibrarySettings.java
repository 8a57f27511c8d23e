package io.beepkit.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.util.unit.DataSize;

import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How every properties class of beepkit's Spring Boot modules becomes one of the library's setting groups: the
 * properties that are set reach the library's builder (unset ones keep its defaults), the builder checks them, and a
 * value it refuses fails naming the properties' prefix with the library's reason, such as
 * {@code beep.server.limits: maxSessions must be >= 1: 0}.
 */
public final class LibrarySettings {
    private LibrarySettings() {
    }

    /**
     * @param prefix  the properties' prefix, naming them in a refusal
     * @param builder the library's builder, possibly holding the settings of the level below
     * @param mapping copies the properties that are set onto the builder ({@link PropertyMapper} skips null ones)
     * @param build   builds the group, where the library checks the values together
     * @param <B>     the builder's type
     * @param <T>     the group's type
     * @return the group
     * @throws IllegalArgumentException {@code "<prefix>: <the library's reason>"}
     */
    public static <B, T> T build(String prefix, B builder, BiConsumer<PropertyMapper, B> mapping,
                                 Function<B, T> build) {
        return checked(prefix, () -> {
            mapping.accept(PropertyMapper.get(), builder);
            return build.apply(builder);
        });
    }

    /**
     * @param prefix the properties' prefix, naming them in a refusal
     * @param make   makes a value from the properties with the library's own checks
     * @param <T>    the value's type
     * @return the value
     * @throws IllegalArgumentException {@code "<prefix>: <the library's reason>"}
     */
    public static <T> T checked(String prefix, Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(prefix + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param size a size property
     * @return the {@code int} octet count the library's builders take
     * @throws IllegalArgumentException for a size beyond an {@code int}
     */
    public static int octets(DataSize size) {
        if (size.toBytes() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(size + " is more than the " + Integer.MAX_VALUE + " octets a setting"
                    + " can hold");
        }
        return (int) size.toBytes();
    }
}
