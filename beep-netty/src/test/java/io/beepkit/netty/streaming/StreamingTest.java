package io.beepkit.netty.streaming;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MessageStream;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageChunk;
import io.beepkit.api.StreamingHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.Responder;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.SessionLimits;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.DiscardingSink;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Large messages stream both ways without being held whole. */
class StreamingTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String COUNTER = "urn:test:count-octets";
    BeepServer server;
    BeepClient client;
    final AtomicLong largestChunk = new AtomicLong();

    @BeforeEach
    void start() {
        // A small maximum message size: only streaming can move the 8 MiB below.
        SessionConfig config = SessionConfig.builder().limits(SessionLimits.builder().maxMessageSize(256 * 1024)
                .build()).build();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).session(config)
                .profile(COUNTER, new StreamingHandler() {
                    long count;

                    @Override
                    public CompletionStage<?> onChunk(MessageChunk chunk, Responder r) {
                        count += chunk.size();
                        largestChunk.accumulateAndGet(chunk.size(), Math::max);
                        if (chunk.last()) {
                            r.reply(MimeEntity.of(Long.toString(count)));
                            count = 0;
                        }
                        return CompletableFuture.completedFuture(null);
                    }
                })
                .build().start().join());
        client = teardown.add(BeepClient.builder().session(config).build());
    }

    @Test
    void streamedMsgOfManyMebibytesReachesAStreamingHandler() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel(COUNTER).get(5, TimeUnit.SECONDS);
        MessageStream out = ch.openMessage(MimeEntity.EMPTY_ENTITY);
        byte[] chunk = new byte[64 * 1024];
        for (int i = 0; i < 128; i++) {
            out.write(chunk).get(5, TimeUnit.SECONDS); // back-pressure: wait before writing more
        }
        out.end();
        Reply r = out.reply().get(10, TimeUnit.SECONDS);
        assertEquals(Long.toString(2 + 128L * 64 * 1024), r.entity().bodyText(), "CRLF + 8 MiB");
        assertTrue(largestChunk.get() <= 1024 * 1024, "chunks are frames, not the whole message: " + largestChunk);
    }

    @Test
    void theHeaderSectionLeavesWithTheFirstBodyOctetsNotAsATinyFrame() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel(COUNTER).get(5, TimeUnit.SECONDS);
        MessageStream out = ch.openMessage(MimeEntity.EMPTY_ENTITY);
        out.write(new byte[1000]).get(5, TimeUnit.SECONDS);
        out.write(new byte[1000]).get(5, TimeUnit.SECONDS);
        out.end();
        assertEquals("2002", out.reply().get(5, TimeUnit.SECONDS).entity().bodyText());
        assertEquals(0, ch.stats().smallFramesSent(), "a 2-octet header frame went out alone");
        assertTrue(ch.stats().framesSent() <= 3, "frames: " + ch.stats().framesSent());
    }

    @Test
    void largeReplyStreamsToAChunkListener() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
        byte[] body = new byte[200 * 1024];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) i;
        }
        List<byte[]> chunks = new ArrayList<>();
        CompletableFuture<Void> done = ch.send(MimeEntity.of(body), new ReplyListener() {
            @Override
            public boolean streaming() {
                return true;
            }

            @Override
            public void onChunk(Reply.Kind kind, long ansno, byte[] c, boolean last) {
                assertEquals(Reply.Kind.RPY, kind);
                chunks.add(c);
            }
        });
        done.get(10, TimeUnit.SECONDS);
        long total = chunks.stream().mapToLong(c -> c.length).sum();
        assertEquals(2 + body.length, total, "CRLF + body");
        assertTrue(chunks.size() >= 1);
    }

    @Test
    void aggregatedReplyOverTheLimitFailsCleanlyAndTheSessionSurvives() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
        // the MSG itself exceeds the listener's limit: it answers ERR 550 before the end (RFC 3080 §2.6.3)
        Reply r = ch.send(MimeEntity.of(new byte[512 * 1024])).get(10, TimeUnit.SECONDS);
        assertTrue(r.isError());
        assertEquals(550, r.errorCode());
        assertEquals("ok", ch.send(MimeEntity.of("ok")).get(5, TimeUnit.SECONDS).entity().bodyText());
    }

    @Test
    void theDefaultSinkDropsMessagesOfAnySizeAndAnswersEachWithAnEmptyReply() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel(StandardProfiles.SINK).get(5, TimeUnit.SECONDS);
        // four times the listener's message size limit: a streaming sink holds none of it
        for (int i = 0; i < 3; i++) {
            Reply r = ch.send(MimeEntity.of(new byte[1024 * 1024])).get(10, TimeUnit.SECONDS);
            assertTrue(!r.isError(), r.toString());
            assertEquals(0, r.entity().body().length);
        }
    }

    @Test
    void aDiscardingSinksHookCountsEachMessageOnTheEventLoop() throws Exception {
        AtomicLong counted = new AtomicLong();
        List<String> threads = new CopyOnWriteArrayList<>();
        BeepServer own = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profile("urn:test:counting-sink", new DiscardingSink(channel -> {
                    counted.incrementAndGet();
                    threads.add(Thread.currentThread().getName());
                }))
                .build().start().join());
        BeepSession s = client.connect("127.0.0.1", own.port()).get(5, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel("urn:test:counting-sink").get(5, TimeUnit.SECONDS);
        for (int size : new int[] {0, 10, 300 * 1024}) {
            Reply r = ch.send(MimeEntity.of(new byte[size])).get(10, TimeUnit.SECONDS);
            assertEquals(0, r.entity().body().length, r.toString());
        }
        assertEquals(3, counted.get());
        assertTrue(threads.stream().noneMatch(t -> t.startsWith("beep-callback-")), threads.toString());
    }
}
