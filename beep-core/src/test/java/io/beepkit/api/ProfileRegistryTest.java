package io.beepkit.api;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link ProfileRegistry}: registration order, replacement, copies, and lookups that never wait for a lock. */
class ProfileRegistryTest {
    private static final MessageHandler A = (message, responder) -> { };
    private static final MessageHandler B = (message, responder) -> { };

    @Test
    @DisplayName("URIs in registration order; a replaced handler keeps its place; unregister removes")
    void orderAndReplacement() {
        ProfileRegistry r = new ProfileRegistry().register("x:1", A).register("x:2", B).register("x:1", B);
        assertEquals(List.of("x:1", "x:2"), r.uris());
        assertSame(B, r.handler("x:1"));
        r.unregister("x:1").unregister("x:absent");
        assertEquals(List.of("x:2"), r.uris());
        assertNull(r.handler("x:1"));
        assertNull(r.handler(null));
        assertThrows(IllegalArgumentException.class, () -> r.register(" ", A));
    }

    @Test
    @DisplayName("a copy is unaffected by later changes to the original, and the original by the copy's")
    void copyIsIndependent() {
        ProfileRegistry original = new ProfileRegistry().register("x:1", A);
        ProfileRegistry copy = original.copy();
        original.register("x:2", B);
        copy.unregister("x:1");
        assertEquals(List.of("x:1", "x:2"), original.uris());
        assertEquals(List.of(), copy.uris());
    }

    @Test
    @DisplayName("a lookup does not wait while another thread holds the registry's monitor")
    void lookupTakesNoLock() throws Exception {
        ProfileRegistry r = new ProfileRegistry().register("x:1", A);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (r) {
                held.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        holder.start();
        try {
            held.await(10, TimeUnit.SECONDS);
            CompletableFuture<ProfileHandler> lookup = CompletableFuture.supplyAsync(() -> r.handler("x:1"));
            assertSame(A, lookup.get(10, TimeUnit.SECONDS));
            assertEquals(List.of("x:1"), CompletableFuture.supplyAsync(r::uris).get(10, TimeUnit.SECONDS));
        } finally {
            release.countDown();
            holder.join(10_000);
        }
    }
}
