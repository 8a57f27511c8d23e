package io.beepkit.netty.handlers;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelStartRequest;
import io.beepkit.api.CloseDecision;
import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.Responder;
import io.beepkit.api.StartDecision;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One refusal verb, {@code refuse(code, diagnostic)}, on each decision, over real sockets on 127.0.0.1: a refused
 * start and a refused close reach the initiator as {@link BeepErrorException} with their code and diagnostic (the
 * channel stays open after a refused close), a refused MSG as an ERR reply.
 */
class RefuseTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String GUARDED = "urn:test:guarded";

    BeepServer server;
    BeepClient client;
    BeepSession session;

    @BeforeEach
    void start() throws Exception {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).profile(GUARDED, new MessageHandler() {
            @Override
            public StartDecision onStart(ChannelStartRequest request) {
                return "no".equals(request.initData()) ? StartDecision.refuse(421, "not now")
                        : StartDecision.accept();
            }

            @Override
            public void onMessage(Message message, Responder responder) {
                responder.refuse(554, "transaction failed: " + message.entity().bodyText());
            }

            @Override
            public CloseDecision onCloseRequest(BeepChannel channel, int code) {
                return CloseDecision.refuse(550, "still busy");
            }
        }).build().start().get(10, TimeUnit.SECONDS));
        client = teardown.add(BeepClient.builder().build());
        session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
    }

    static BeepErrorException refusal(java.util.concurrent.Future<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        return assertInstanceOf(BeepErrorException.class, e.getCause());
    }

    @Test
    @DisplayName("StartDecision.refuse: the start fails with the code and diagnostic")
    void refusedStart() {
        BeepErrorException e = refusal(session.startChannel(io.beepkit.api.ChannelRequest.builder()
                .profile(GUARDED, "no", false).build()));
        assertEquals(421, e.code());
        assertEquals("not now", e.diagnostic());
    }

    @Test
    @DisplayName("Responder.refuse: the MSG is answered with ERR, its code and diagnostic")
    void refusedMessage() throws Exception {
        BeepChannel ch = session.startChannel(GUARDED).get(10, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of("pay")).get(10, TimeUnit.SECONDS);
        assertTrue(r.isError());
        assertEquals(554, r.errorCode());
        assertEquals("transaction failed: pay", r.errorText());
    }

    @Test
    @DisplayName("CloseDecision.refuse: the close fails with the code and diagnostic, and the channel stays open")
    void refusedClose() throws Exception {
        BeepChannel ch = session.startChannel(GUARDED).get(10, TimeUnit.SECONDS);
        BeepErrorException e = refusal(ch.close());
        assertEquals(550, e.code());
        assertEquals("still busy", e.diagnostic());
        assertTrue(ch.isOpen());
        assertEquals(554, ch.send(MimeEntity.of("again")).get(10, TimeUnit.SECONDS).errorCode());
    }
}
