package io.beepkit.netty.handlers;

import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.SessionConfig;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Message;
import io.beepkit.api.MessageChunk;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.StreamingHandler;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine tells the two kinds of profile handler apart by type over real sockets on 127.0.0.1: a
 * {@link MessageHandler} gets each MSG whole, a {@link StreamingHandler} gets one {@link MessageChunk}
 * per frame (its channel and msgno, the last marked) and MSGs beyond the maximum message size; both registered the
 * same way.
 */
class HandlerDispatchTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String WHOLE = "urn:test:whole";
    static final String PIECES = "urn:test:pieces";
    static final int MAX = 32 * 1024;

    final List<Message> messages = new CopyOnWriteArrayList<>();
    final List<MessageChunk> chunks = new CopyOnWriteArrayList<>();
    BeepServer server;
    BeepClient client;
    BeepSession session;

    @BeforeEach
    void start() throws Exception {
        SessionConfig config = SessionConfig.builder().limits(SessionLimits.builder().maxMessageSize(MAX).build()).build();
        MessageHandler whole = (message, responder) -> {
            messages.add(message);
            responder.reply(MimeEntity.of(Integer.toString(message.entity().body().length)));
        };
        StreamingHandler pieces = (chunk, responder) -> {
            chunks.add(MessageChunk.of(chunk.channel(), chunk.msgno(), chunk.bytes(), chunk.last()));
            if (chunk.last()) {
                responder.reply(MimeEntity.of(Integer.toString(chunks.stream().mapToInt(MessageChunk::size).sum())));
            }
            return CompletableFuture.completedFuture(null);
        };
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(config)
                .profiles(new ProfileRegistry().register(WHOLE, whole).register(PIECES, pieces))
                .build().start().get(10, TimeUnit.SECONDS));
        client = teardown.add(BeepClient.builder().session(config).build());
        session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("a MessageHandler gets a MSG as one Message")
    void messageHandlerGetsTheMsgWhole() throws Exception {
        BeepChannel ch = session.startChannel(WHOLE).get(10, TimeUnit.SECONDS);
        byte[] body = new byte[24 * 1024];
        assertEquals("24576", ch.send(MimeEntity.of(body)).get(10, TimeUnit.SECONDS).entity().bodyText());
        assertEquals(1, messages.size());
        assertEquals(ch.number(), messages.get(0).channel().number());
        assertTrue(chunks.isEmpty());
    }

    @Test
    @DisplayName("a StreamingHandler gets a MSG beyond the maximum message size as chunks, the last one marked")
    void streamingHandlerGetsChunks() throws Exception {
        BeepChannel ch = session.startChannel(PIECES).get(10, TimeUnit.SECONDS);
        byte[] body = new byte[4 * MAX];
        String reply = ch.send(MimeEntity.of(body)).get(10, TimeUnit.SECONDS).entity().bodyText();
        assertTrue(Integer.parseInt(reply) > 4 * MAX, "every octet, headers included: " + reply);
        assertTrue(chunks.size() > 1, "one chunk per frame: " + chunks.size());
        for (int i = 0; i < chunks.size(); i++) {
            MessageChunk c = chunks.get(i);
            assertEquals(0, c.msgno());
            assertEquals(ch.number(), c.channel().number());
            if (i < chunks.size() - 1) {
                assertFalse(c.last(), "only the last chunk is marked last");
            }
        }
        assertTrue(chunks.get(chunks.size() - 1).last());
        assertTrue(messages.isEmpty());
    }
}
