package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.test.TeardownExtension;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A handler that declares itself {@linkplain ProfileHandler#nonBlocking() non-blocking} runs on the listener's event
 * loop (Netty's {@link FastThreadLocalThread}s named {@code beep-server-}) with callbacks off the loop otherwise,
 * its open, messages and close in that order; a handler that does not stays off the loop. Over real sockets.
 */
class NonBlockingHandlerTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String QUICK = "urn:test:quick";
    static final String PLAIN = "urn:test:plain";

    BeepServer server;
    BeepClient client;

    /** Notes where and in which order its callbacks ran. */
    static final class Recording implements MessageHandler {
        final boolean nonBlocking;
        final List<String> events = new CopyOnWriteArrayList<>();
        final CompletableFuture<Void> closed = new CompletableFuture<>();

        Recording(boolean nonBlocking) {
            this.nonBlocking = nonBlocking;
        }

        private String where() {
            Thread t = Thread.currentThread();
            return t instanceof FastThreadLocalThread && t.getName().startsWith("beep-server-") ? "loop" : "off-loop";
        }

        @Override
        public boolean nonBlocking() {
            return nonBlocking;
        }

        @Override
        public void onOpen(BeepChannel channel) {
            events.add("open " + where());
        }

        @Override
        public void onMessage(Message message, Responder responder) {
            events.add("message " + where());
            responder.reply(message.entity());
        }

        @Override
        public void onClose(BeepChannel channel) {
            events.add("close " + where());
            closed.complete(null);
        }
    }

    @Test
    @DisplayName("a non-blocking handler opens, answers and closes on the event loop, in order; a plain one never")
    void nonBlockingHandlersRunOnTheEventLoop() throws Exception {
        Recording quick = new Recording(true);
        Recording plain = new Recording(false);
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).profile(QUICK, quick).profile(PLAIN, plain)
                .build().start().join());
        client = teardown.add(BeepClient.builder().build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        for (String uri : List.of(QUICK, PLAIN)) {
            BeepChannel ch = s.startChannel(uri).get(5, TimeUnit.SECONDS);
            List<CompletableFuture<?>> replies = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                replies.add(ch.send(MimeEntity.of("m" + i)));
            }
            for (int i = 0; i < 20; i++) {
                assertEquals("m" + i, ((io.beepkit.api.Reply) replies.get(i).get(5, TimeUnit.SECONDS))
                        .entity().bodyText());
            }
            ch.close().get(5, TimeUnit.SECONDS);
        }
        quick.closed.get(5, TimeUnit.SECONDS);
        plain.closed.get(5, TimeUnit.SECONDS);
        List<String> expectedQuick = new ArrayList<>(List.of("open loop"));
        List<String> expectedPlain = new ArrayList<>(List.of("open off-loop"));
        for (int i = 0; i < 20; i++) {
            expectedQuick.add("message loop");
            expectedPlain.add("message off-loop");
        }
        expectedQuick.add("close loop");
        expectedPlain.add("close off-loop");
        assertEquals(expectedQuick, quick.events);
        assertEquals(expectedPlain, plain.events);
    }

    @Test
    @DisplayName("the ready-made echo and sink profiles declare themselves non-blocking")
    void standardProfilesAreNonBlocking() {
        assertTrue(StandardProfiles.echo().nonBlocking());
        assertTrue(StandardProfiles.sink().nonBlocking());
    }
}
