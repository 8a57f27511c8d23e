package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.core.frame.FrameType;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions and small profiles shared by the violation tests. */
final class Violations {
    /** Every wait on the library is bounded by this (seconds). */
    static final int TIMEOUT = 5;
    /** A profile whose handler never answers by itself: each MSG's responder goes to a queue. */
    static final String HOLD = "urn:beepkit:test:hold";

    private Violations() {
    }

    /** A handler that parks every responder in {@code parked} and answers nothing. */
    static MessageHandler hold(BlockingQueue<Responder> parked) {
        return (Message message, Responder responder) -> parked.add(responder);
    }

    /**
     * Asserts {@code f} fails within {@link #TIMEOUT} with an exception of {@code type} whose message contains every
     * one of {@code fragments} (the offending values), and returns it.
     */
    static <T extends Throwable> T assertFailsWith(CompletableFuture<?> f, Class<T> type, String... fragments) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(TIMEOUT, TimeUnit.SECONDS));
        T cause = assertInstanceOf(type, e.getCause(), () -> "unexpected failure: " + e.getCause());
        for (String fragment : fragments) {
            assertTrue(String.valueOf(cause.getMessage()).contains(fragment),
                    () -> "message does not name '" + fragment + "': " + cause.getMessage());
        }
        return cause;
    }

    /**
     * #1-#3, #37: a violation on one session must not disturb the others. Opens a fresh session with a real client,
     * runs an echo round trip and releases the session.
     */
    static void assertOtherSessionsWork(BeepClient client, int port) throws Exception {
        BeepSession s = client.connect("127.0.0.1", port).get(TIMEOUT, TimeUnit.SECONDS);
        try {
            BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(TIMEOUT, TimeUnit.SECONDS);
            Reply r = ch.send(MimeEntity.of("still alive")).get(TIMEOUT, TimeUnit.SECONDS);
            assertEquals("still alive", r.entity().bodyText());
        } finally {
            s.close().get(TIMEOUT, TimeUnit.SECONDS);
        }
    }

    /**
     * Leaves something pending on the library's side of {@code session}: its own start request, which {@code peer}
     * reads and never answers.
     */
    static CompletableFuture<BeepChannel> pendingStart(BeepSession session, WirePeer peer) throws Exception {
        CompletableFuture<BeepChannel> pending = session.startChannel(StandardProfiles.ECHO);
        peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 0);
        return pending;
    }

    /** Asserts {@code session} ended (its close future completed and it reports closed). */
    static void assertSessionEnded(BeepSession session) throws Exception {
        session.closeFuture().get(TIMEOUT, TimeUnit.SECONDS);
        assertTrue(!session.isOpen(), session + " still open");
    }
}
