package io.beepkit.micrometer.observation;

import brave.handler.MutableSpan;
import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.Message;
import io.beepkit.api.MessageChunk;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.api.Responder;
import io.beepkit.api.StreamingHandler;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.MDC;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Observed exchanges over a real loopback session, each side with its own tracer and registry. */
class BeepObservationsTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    static final String PROFILE = "urn:test:observed";

    final TracingSide serverSide = new TracingSide("listener");
    final TracingSide clientSide = new TracingSide("initiator");
    BeepServer server;
    BeepClient client;
    BeepSession session;
    BeepChannel channel;

    @BeforeEach
    void start() throws Exception {
        teardown.add(clientSide);
        teardown.add(serverSide);
        ProfileHandler handler = BeepObservations.withMdc(
                BeepObservations.observe(new ScriptedHandler(serverSide.tracer), serverSide.registry));
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).profile(PROFILE, handler).build().start()
                .get(10, TimeUnit.SECONDS));
        client = teardown.add(BeepClient.builder().build());
        session = client.connect("127.0.0.1", server.port()).get(10, TimeUnit.SECONDS);
        channel = BeepObservations.observe(session.startChannel(PROFILE).get(10, TimeUnit.SECONDS),
                clientSide.registry);
    }

    @Test
    void theListenersSpanContinuesTheInitiatorsTrace() throws Exception {
        // A stale trace context the application left in its entity: the observation's replaces it.
        MimeEntity msg = MimeEntity.builder()
                .header("TraceParent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
                .body("rpy").build();
        Map<String, String> seen = fields(channel.send(msg).get(10, TimeUnit.SECONDS));

        await(() -> serverSide.spans.size() == 1 && clientSide.spans.size() == 1);
        MutableSpan clientSpan = clientSide.spans.get(0);
        MutableSpan serverSpan = serverSide.spans.get(0);
        assertEquals(brave.Span.Kind.CLIENT, clientSpan.kind());
        assertEquals(brave.Span.Kind.SERVER, serverSpan.kind());
        assertEquals(clientSpan.traceId(), serverSpan.traceId());
        assertEquals(clientSpan.id(), serverSpan.parentId());
        assertEquals("1", seen.get("traceparents"), "one traceparent header: " + seen);
        assertEquals("00-" + clientSpan.traceId() + "-" + clientSpan.id() + "-01", seen.get("traceparent"));
        // The handler ran inside the server span: its logs carry that trace.
        assertEquals(serverSpan.id(), seen.get("spanInHandler"));
        assertEquals("beep " + PROFILE, serverSpan.name());
        assertEquals(PROFILE, serverSpan.tag("beep.profile"));
        assertEquals(Integer.toString(channel.number()), serverSpan.tag("beep.channel"));
        assertEquals("rpy", clientSpan.tag("beep.reply"));
    }

    @Test
    void anObservationInScopeIsTheParentOfTheExchange() throws Exception {
        Observation parent = Observation.start("business", clientSide.registry);
        try (Observation.Scope ignored = parent.openScope()) {
            channel.send(MimeEntity.of("rpy")).get(10, TimeUnit.SECONDS);
        }
        parent.stop();
        await(() -> serverSide.spans.size() == 1 && clientSide.spans.size() == 2);
        MutableSpan business = span(clientSide.spans, "business");
        MutableSpan exchange = span(clientSide.spans, "beep " + PROFILE);
        assertEquals(business.id(), exchange.parentId());
        assertEquals(business.traceId(), serverSide.spans.get(0).traceId());
    }

    @Test
    void keyValuesNameProfileRoleReplyChannelAndPeer() throws Exception {
        assertEquals(Reply.Kind.RPY, channel.send(MimeEntity.of("rpy")).get(10, TimeUnit.SECONDS).kind());
        assertEquals(Reply.Kind.ERR, channel.send(MimeEntity.of("err")).get(10, TimeUnit.SECONDS).kind());
        assertEquals(Reply.Kind.ANSWERS, channel.send(MimeEntity.of("ans")).get(10, TimeUnit.SECONDS).kind());
        Reply thrown = channel.send(MimeEntity.of("throw")).get(10, TimeUnit.SECONDS);
        assertEquals(451, thrown.errorCode(), "the engine answers for a handler that threw");
        CompletableFuture<Void> answers = new CompletableFuture<>();
        channel.send(MimeEntity.of("ans"), new ReplyListener() {
            @Override
            public void onAnswersComplete() {
                answers.complete(null);
            }
        }).get(10, TimeUnit.SECONDS);
        assertTrue(answers.isDone());

        await(() -> serverSide.stopped.size() == 5 && clientSide.stopped.size() == 5);
        MeterRegistry s = serverSide.meters;
        assertEquals(1, exchanges(s, "beep.server.exchanges", "listener", "rpy"));
        assertEquals(1, exchanges(s, "beep.server.exchanges", "listener", "err"));
        assertEquals(2, exchanges(s, "beep.server.exchanges", "listener", "ans"));
        assertEquals(1, exchanges(s, "beep.server.exchanges", "listener", "error"));
        assertEquals("IllegalStateException", s.get("beep.server.exchanges").tag("beep.reply", "error").timer()
                .getId().getTag("error"));
        MeterRegistry c = clientSide.meters;
        assertEquals(1, exchanges(c, "beep.client.exchanges", "initiator", "rpy"));
        assertEquals(2, exchanges(c, "beep.client.exchanges", "initiator", "err"));
        assertEquals(2, exchanges(c, "beep.client.exchanges", "initiator", "ans"));

        InetSocketAddress clientAddress = (InetSocketAddress) session.localAddress();
        for (Observation.Context ctx : serverSide.stopped) {
            assertEquals(Integer.toString(channel.number()), value(ctx, "beep.channel"));
            assertEquals("127.0.0.1:" + clientAddress.getPort(), value(ctx, "network.peer.address"));
        }
        for (Observation.Context ctx : clientSide.stopped) {
            assertEquals("127.0.0.1:" + server.port(), value(ctx, "network.peer.address"));
        }
    }

    @Test
    void aSendThatFailsEndsWithError() throws Exception {
        channel.close().get(10, TimeUnit.SECONDS);
        CompletableFuture<Reply> reply = channel.send(MimeEntity.of("rpy"));
        assertThrows(Exception.class, () -> reply.get(10, TimeUnit.SECONDS));
        await(() -> clientSide.stopped.size() == 1);
        assertEquals(1, exchanges(clientSide.meters, "beep.client.exchanges", "initiator", "error"));
        assertNotNull(clientSide.stopped.get(0).getError());
    }

    @Test
    void handlerCallbacksRunWithSessionChannelAndProfileInTheMdc() throws Exception {
        Map<String, String> seen = fields(channel.send(MimeEntity.of("rpy")).get(10, TimeUnit.SECONDS));
        InetSocketAddress clientAddress = (InetSocketAddress) session.localAddress();
        assertEquals("127.0.0.1:" + clientAddress.getPort(), seen.get(MdcProfileHandler.SESSION));
        assertEquals(Integer.toString(channel.number()), seen.get(MdcProfileHandler.CHANNEL));
        assertEquals(PROFILE, seen.get(MdcProfileHandler.PROFILE));
    }

    @Test
    void theMdcIsRestoredWhenTheCallbackReturns() {
        MessageHandler inner = (message, responder) ->
                assertEquals(Integer.toString(channel.number()), MDC.get(MdcProfileHandler.CHANNEL));
        MessageHandler handler = (MessageHandler) BeepObservations.withMdc(inner);
        MDC.put(MdcProfileHandler.CHANNEL, "outer");
        try {
            handler.onMessage(new Message(channel, 1, MimeEntity.of("x")), new NoResponder());
            assertEquals("outer", MDC.get(MdcProfileHandler.CHANNEL));
            assertNull(MDC.get(MdcProfileHandler.SESSION));
            assertNull(MDC.get(MdcProfileHandler.PROFILE));
        } finally {
            MDC.clear();
        }
    }

    @Test
    void withoutTracingTheEntityIsSentAsGiven() {
        MimeEntity entity = MimeEntity.of("text/plain", new byte[] {1});
        assertTrue(entity == TraceHeaders.with(entity, Map.of()));
        MimeEntity traced = TraceHeaders.with(entity, Map.of("traceparent", "00-a-b-01"));
        assertEquals(List.of(Map.entry("Content-Type", "text/plain"), Map.entry("traceparent", "00-a-b-01")),
                traced.headers());
        assertTrue(entity.body() == traced.body(), "the body is shared, not copied");
    }

    @Test
    void aStreamingHandlerRunsWithTheMdcAndGetsTheChunkAsItCame() {
        MessageChunk sent = MessageChunk.of(channel, 3, new byte[] {1, 2}, true);
        java.util.concurrent.atomic.AtomicReference<MessageChunk> got = new java.util.concurrent.atomic.AtomicReference<>();
        StreamingHandler inner = (chunk, responder) -> {
            assertEquals(Integer.toString(channel.number()), MDC.get(MdcProfileHandler.CHANNEL));
            got.set(chunk);
            return CompletableFuture.completedFuture(null);
        };
        StreamingHandler handler = (StreamingHandler) BeepObservations.withMdc(inner);
        try {
            handler.onChunk(sent, new NoResponder());
            assertTrue(sent == got.get(), "the chunk itself, so beep-netty's zero-copy access still works");
            assertNull(MDC.get(MdcProfileHandler.CHANNEL));
        } finally {
            MDC.clear();
        }
    }

    @Test
    void noOpRegistriesAndStreamingHandlersAreLeftAlone() {
        MessageHandler plain = (message, responder) -> responder.reply(message.entity());
        StreamingHandler streaming = (chunk, responder) -> CompletableFuture.completedFuture(null);
        assertTrue(plain == BeepObservations.observe(plain, io.micrometer.observation.ObservationRegistry.NOOP));
        assertTrue(streaming == BeepObservations.observe(streaming, serverSide.registry));
        ProfileHandler mdc = BeepObservations.withMdc(streaming);
        assertTrue(mdc instanceof MdcStreamingHandler m && m.delegate() == streaming, "streaming handlers get the MDC");
        assertTrue(mdc == BeepObservations.withMdc(mdc), "wrapped once only");
        assertTrue(channel == BeepObservations.observe(channel, serverSide.registry), "observed once only");
    }

    private static double exchanges(MeterRegistry r, String name, String role, String reply) {
        return r.get(name).tag("beep.profile", PROFILE).tag("beep.role", role).tag("beep.reply", reply).timer()
                .count();
    }

    private static String value(Observation.Context ctx, String key) {
        KeyValue kv = ctx.getHighCardinalityKeyValue(key);
        assertNotNull(kv, key + " in " + ctx);
        return kv.getValue();
    }

    private static MutableSpan span(List<MutableSpan> spans, String name) {
        return spans.stream().filter(s -> name.equals(s.name())).findFirst()
                .orElseThrow(() -> new AssertionError("no span " + name + " in " + spans));
    }

    /** The reply body of a "rpy" MSG: key=value lines the handler saw. */
    private static Map<String, String> fields(Reply reply) {
        return ScriptedHandler.parse(reply.entity().bodyText());
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 10 s");
            }
            Thread.sleep(10);
        }
    }

    /** A responder for calling a handler directly. */
    private static final class NoResponder implements Responder {
        @Override
        public void reply(MimeEntity entity) {
        }

        @Override
        public void refuse(int code, String diagnostic) {
        }

        @Override
        public void answer(MimeEntity entity) {
        }

        @Override
        public void endAnswers() {
        }

        @Override
        public int msgno() {
            return 1;
        }
    }
}
