package io.beepkit.netty;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EndToEndTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String ANS_PROFILE = "urn:test:answers";
    BeepServer server;
    BeepClient client;

    @BeforeEach
    void start() {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0)
                .profile(ANS_PROFILE, (msg, r) -> {
                    int n = Integer.parseInt(msg.entity().bodyText());
                    for (int i = 0; i < n; i++) {
                        r.answer(MimeEntity.of("answer " + i));
                    }
                    r.endAnswers();
                })
                .build().start().join());
        client = teardown.add(BeepClient.builder().build());
    }

    BeepSession connect() throws Exception {
        return client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
    }

    @Test
    void echoRoundTripOverLoopback() throws Exception {
        BeepSession s = connect();
        assertTrue(s.peerProfiles().contains(StandardProfiles.ECHO), s.peerProfiles().toString());
        BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
        assertEquals(1, ch.number());
        Reply r = ch.send(MimeEntity.of("text/plain", "hello".getBytes())).get(5, TimeUnit.SECONDS);
        assertEquals(Reply.Kind.RPY, r.kind());
        assertEquals("hello", r.entity().bodyText());
        assertEquals("text/plain", r.entity().contentType());
        ch.close().get(5, TimeUnit.SECONDS);
        assertFalse(ch.isOpen());
        s.close().get(5, TimeUnit.SECONDS);
        s.closeFuture().get(5, TimeUnit.SECONDS);
    }

    @Test
    void largeMessageCrossesManyWindows() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
        byte[] big = new byte[1024 * 1024 + 7];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31);
        }
        Reply r = ch.send(MimeEntity.of(big)).get(10, TimeUnit.SECONDS);
        assertArrayEquals(big, r.entity().body());
    }

    @Test
    void oneToManyAnswersIncludingZero() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(ANS_PROFILE).get(5, TimeUnit.SECONDS);
        Reply r = ch.send(MimeEntity.of("5")).get(5, TimeUnit.SECONDS);
        assertEquals(Reply.Kind.ANSWERS, r.kind());
        assertEquals(5, r.answers().size());
        assertEquals("answer 4", r.answers().get(4).bodyText());
        Reply zero = ch.send(MimeEntity.of("0")).get(5, TimeUnit.SECONDS);
        assertEquals(0, zero.answers().size());
    }

    @Test
    void unsupportedProfileIsRefusedWith550() throws Exception {
        BeepSession s = connect();
        CompletionException e = assertThrows(CompletionException.class,
                () -> s.startChannel("urn:nope").join());
        BeepErrorException err = assertInstanceOf(BeepErrorException.class, e.getCause());
        assertEquals(550, err.code());
        // the session survives
        BeepChannel ch = s.startChannel(ChannelRequest.of("urn:nope", StandardProfiles.ECHO)).get(5, TimeUnit.SECONDS);
        assertEquals(StandardProfiles.ECHO, ch.profile());
    }

    @Test
    void pipelinedMessagesAreAnsweredInOrder() throws Exception {
        BeepSession s = connect();
        BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
        var futures = new java.util.ArrayList<java.util.concurrent.CompletableFuture<Reply>>();
        for (int i = 0; i < 200; i++) {
            futures.add(ch.send(MimeEntity.of("m" + i)));
        }
        for (int i = 0; i < 200; i++) {
            assertEquals("m" + i, futures.get(i).get(5, TimeUnit.SECONDS).entity().bodyText());
        }
    }
}
