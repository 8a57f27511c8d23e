package io.beepkit.api;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The API's one way per task: two explicit handler types under a sealed {@link ProfileHandler}, {@link SendOptions}
 * with a default, and one refusal verb on each decision.
 */
class HandlerTypesTest {
    @Test
    @DisplayName("a profile handler is a MessageHandler or a StreamingHandler, nothing else")
    void profileHandlerIsSealed() {
        assertTrue(ProfileHandler.class.isSealed());
        assertEquals(Set.of(MessageHandler.class, StreamingHandler.class),
                Set.of(ProfileHandler.class.getPermittedSubclasses()));
        ProfileHandler whole = (MessageHandler) (message, responder) -> { };
        ProfileHandler pieces = (StreamingHandler) (chunk, responder) -> CompletableFuture.completedFuture(null);
        assertTrue(whole instanceof MessageHandler && !(whole instanceof StreamingHandler));
        assertTrue(pieces instanceof StreamingHandler && !(pieces instanceof MessageHandler));
        assertFalse(whole.nonBlocking(), "blocking unless declared otherwise");
    }

    @Test
    @DisplayName("a registry takes both kinds, a lambda standing for a message handler")
    void registryTakesBothKinds() {
        StreamingHandler pieces = (chunk, responder) -> CompletableFuture.completedFuture(null);
        ProfileRegistry r = new ProfileRegistry().register("x:whole", (message, responder) -> { })
                .register("x:pieces", pieces);
        assertTrue(r.handler("x:whole") instanceof MessageHandler);
        assertTrue(r.handler("x:pieces") == pieces);
    }

    @Test
    @DisplayName("SendOptions: DEFAULT sets no deadline; a deadline must be positive; toBuilder keeps it")
    void sendOptions() {
        assertNull(SendOptions.DEFAULT.deadline());
        SendOptions o = SendOptions.deadline(Duration.ofSeconds(2));
        assertEquals(Duration.ofSeconds(2), o.deadline());
        assertEquals(o, o.toBuilder().build());
        assertNull(o.toBuilder().deadline(null).build().deadline());
        assertThrows(IllegalArgumentException.class, () -> SendOptions.deadline(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> SendOptions.builder().deadline(Duration.ofMillis(-1)));
    }

    @Test
    @DisplayName("refuse(code, diagnostic) on StartDecision and CloseDecision carries both and checks the code")
    void refuseOnEachDecision() {
        StartDecision start = StartDecision.refuse(421, "not now");
        assertFalse(start.accepted());
        assertEquals(421, start.code());
        assertEquals("not now", start.diagnostic());
        CloseDecision close = CloseDecision.refuse(550, "busy");
        assertFalse(close.accepted());
        assertEquals(550, close.code());
        assertEquals("busy", close.diagnostic());
        assertThrows(IllegalArgumentException.class, () -> StartDecision.refuse(42, null));
        assertThrows(IllegalArgumentException.class, () -> CloseDecision.refuse(1000, null));
    }

    @Test
    @DisplayName("MessageChunk.of hands out copies, so a reader cannot change the piece")
    void chunkOfCopies() {
        byte[] octets = {1, 2, 3};
        BeepChannel channel = (BeepChannel) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BeepChannel.class}, (proxy, method, args) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
        MessageChunk c = MessageChunk.of(channel, 7, octets, true);
        assertEquals(3, c.size());
        assertEquals(7, c.msgno());
        assertTrue(c.last());
        assertNotSame(c.bytes(), c.bytes());
        c.bytes()[0] = 9;
        assertEquals(1, c.bytes()[0]);
    }
}
