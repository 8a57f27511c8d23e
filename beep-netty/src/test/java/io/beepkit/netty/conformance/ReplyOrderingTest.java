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
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.testing.ScriptedPeer;
import io.beepkit.netty.testing.ScriptedPeer.ReadFrame;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONFORMANCE #23 (RFC 3080 §2.6.1: replies leave in MSG order however the application completes them), #24 (ANS:
 * unique ansnos, NUL last, the next reply waits for NUL, zero answers = NUL alone) and #25 (§2.6.3: an ERR before
 * the last frame of our long MSG makes us end it with an empty final frame). The receiving side of #25 (the library
 * refusing an over-long MSG early) is ResourceLimitTest's.
 */
class ReplyOrderingTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    /** A profile driven by the MSG body: {@code hold} parks the responder, {@code ans N} answers N times, else echo. */
    static final String SCRIPT = "urn:beepkit:test:script";
    /** A profile that holds three MSGs and then answers them last first. */
    static final String REVERSE = "urn:beepkit:test:reverse";

    BeepServer server;
    BeepClient client;
    final BlockingQueue<Responder> parked = new LinkedBlockingQueue<>();
    final List<Responder> reverse = new ArrayList<>();

    @BeforeEach
    void start() {
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0)
                .profile(SCRIPT, (Message m, Responder r) -> {
                    String body = m.entity().bodyText();
                    if (body.equals("hold")) {
                        parked.add(r);
                    } else if (body.startsWith("ans ")) {
                        int n = Integer.parseInt(body.substring(4));
                        for (int i = 0; i < n; i++) {
                            r.answer(MimeEntity.of("a" + i));
                        }
                        r.endAnswers();
                    } else {
                        r.reply(m.entity());
                    }
                })
                .profile(REVERSE, new MessageHandler() {
                    @Override
                    public void onMessage(Message m, Responder r) {
                        reverse.add(r); // handlers run one at a time per session
                        if (reverse.size() == 3) {
                            for (int i = 2; i >= 0; i--) {
                                reverse.get(i).reply(MimeEntity.of("r" + reverse.get(i).msgno()));
                            }
                        }
                    }
                })
                .build().start().join());
        client = teardown.add(BeepClient.builder().build());
    }

    private static boolean isDataOn(ReadFrame f, int channel) {
        return f.type() != FrameType.SEQ && f.header().channel() == channel;
    }

    private static String body(ReadFrame f) {
        String t = f.text();
        int split = t.indexOf("\r\n\r\n");
        return split >= 0 ? t.substring(split + 4) : t.startsWith("\r\n") ? t.substring(2) : t;
    }

    /** Echoes {@code text} on channel 3 and returns every frame read up to its reply (a round-trip marker). */
    private static List<ReadFrame> roundTripOnChannel3(WirePeer peer, int msgno, String text) throws Exception {
        List<ReadFrame> seen = new ArrayList<>();
        peer.send("MSG", 3, msgno, false, "\r\n" + text);
        peer.readUntil(f -> {
            seen.add(f);
            return isDataOn(f, 3);
        });
        return seen;
    }

    // ------------------------------------------------------------------ #23

    @Test
    @DisplayName("#23 replies leave in MSG order even when the application completes the first MSG last")
    void repliesLeaveInMsgOrderOnTheWire() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, SCRIPT);
            peer.startChannel(3, SCRIPT);
            for (int msgno = 0; msgno < 3; msgno++) {
                peer.send("MSG", 1, msgno, false, "\r\nhold");
            }
            List<Responder> held = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Responder r = parked.poll(TIMEOUT, TimeUnit.SECONDS);
                assertNotNull(r);
                assertEquals(i, r.msgno(), "MSGs reach the application in arrival order");
                held.add(r);
            }
            held.get(2).reply(MimeEntity.of("r2"));
            held.get(1).reply(MimeEntity.of("r1"));
            List<ReadFrame> meanwhile = roundTripOnChannel3(peer, 0, "marker");
            assertTrue(meanwhile.stream().noneMatch(f -> isDataOn(f, 1)),
                    () -> "replies to MSG 1 and 2 overtook MSG 0: " + meanwhile);

            held.get(0).reply(MimeEntity.of("r0"));
            for (int msgno = 0; msgno < 3; msgno++) {
                ReadFrame reply = peer.readUntil(f -> isDataOn(f, 1));
                assertEquals(FrameType.RPY, reply.type(), reply.toString());
                assertEquals(msgno, reply.header().msgno(), reply.toString());
                assertEquals("r" + msgno, body(reply));
            }
        }
    }

    @Test
    @DisplayName("#23 the library client receives replies in MSG order when the server completes them in reverse")
    void clientSeesRepliesInMsgOrder() throws Exception {
        BeepSession s = client.connect("127.0.0.1", server.port()).get(TIMEOUT, TimeUnit.SECONDS);
        BeepChannel ch = s.startChannel(REVERSE).get(TIMEOUT, TimeUnit.SECONDS);
        List<String> completed = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Reply>> replies = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            CompletableFuture<Reply> f = ch.send(MimeEntity.of("q" + i));
            replies.add(f);
            f.thenAccept(r -> completed.add(r.entity().bodyText()));
        }
        for (int i = 0; i < 3; i++) {
            assertEquals("r" + i, replies.get(i).get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        }
        CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).get(TIMEOUT, TimeUnit.SECONDS);
        assertEquals(List.of("r0", "r1", "r2"), completed);
        s.close().get(TIMEOUT, TimeUnit.SECONDS);
    }

    // ------------------------------------------------------------------ #24

    @Test
    @DisplayName("#24 answers carry distinct ansnos and an empty NUL comes after the last ANS")
    void ansnosAreUniqueAndNulComesLast() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, SCRIPT);
            peer.send("MSG", 1, 0, false, "\r\nans 5");
            Set<Long> ansnos = new HashSet<>();
            List<String> bodies = new ArrayList<>();
            ReadFrame f;
            while ((f = peer.readUntil(x -> isDataOn(x, 1))).type() == FrameType.ANS) {
                assertEquals(0, f.header().msgno(), f.toString());
                assertFalse(f.header().more(), f.toString());
                assertTrue(ansnos.add(f.header().ansno()), "ansno reused: " + f);
                bodies.add(body(f));
            }
            assertEquals(FrameType.NUL, f.type(), f.toString());
            assertEquals(0, f.header().msgno());
            assertEquals(0, f.header().size());
            assertFalse(f.header().more());
            assertEquals(List.of("a0", "a1", "a2", "a3", "a4"), bodies);
        }
    }

    @Test
    @DisplayName("#24 the reply to the next MSG waits for the NUL ending the previous MSG's answers")
    void nextReplyWaitsForNul() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, SCRIPT);
            peer.startChannel(3, SCRIPT);
            peer.send("MSG", 1, 0, false, "\r\nhold");
            Responder first = parked.poll(TIMEOUT, TimeUnit.SECONDS);
            assertNotNull(first);
            peer.send("MSG", 1, 1, false, "\r\nquick"); // answered at once by the handler
            first.answer(MimeEntity.of("x"));
            first.answer(MimeEntity.of("y"));
            List<ReadFrame> meanwhile = roundTripOnChannel3(peer, 0, "marker");
            for (ReadFrame m : meanwhile) {
                if (isDataOn(m, 1)) {
                    assertEquals(FrameType.ANS, m.type(), () -> "only MSG 0's answers may leave yet: " + meanwhile);
                    assertEquals(0, m.header().msgno(), m.toString());
                }
            }
            first.endAnswers();
            List<ReadFrame> rest = new ArrayList<>();
            peer.readUntil(f -> {
                if (isDataOn(f, 1)) {
                    rest.add(f);
                }
                return isDataOn(f, 1) && f.type() == FrameType.RPY;
            });
            ReadFrame nul = rest.stream().filter(f -> f.type() == FrameType.NUL).findFirst()
                    .orElseThrow(() -> new AssertionError("RPY 1 1 before the NUL of MSG 0: " + rest));
            assertEquals(0, nul.header().msgno());
            assertEquals(rest.get(rest.size() - 1).header().msgno(), 1);
            assertTrue(rest.indexOf(nul) < rest.size() - 1);
            assertEquals("quick", body(rest.get(rest.size() - 1)));
        }
    }

    @Test
    @DisplayName("#24 zero answers are a NUL alone on the wire")
    void zeroAnswersIsNulAlone() throws Exception {
        try (WirePeer peer = WirePeer.initiator(server.port())) {
            peer.startChannel(1, SCRIPT);
            peer.send("MSG", 1, 0, false, "\r\nans 0");
            ReadFrame nul = peer.readUntil(f -> isDataOn(f, 1));
            assertEquals(FrameType.NUL, nul.type(), nul.toString());
            assertEquals(0, nul.header().msgno());
            assertEquals(0, nul.header().seqno(), "nothing was sent on channel 1 before the NUL");
            assertEquals(0, nul.header().size());
            // msgno 0 is free again and the channel goes on.
            peer.send("MSG", 1, 0, false, "\r\nnext");
            ReadFrame next = peer.readUntil(f -> isDataOn(f, 1));
            assertEquals(FrameType.RPY, next.type(), next.toString());
        }
    }

    @Test
    @DisplayName("#24 a NUL alone completes the library client's MSG with zero answers")
    void nulAloneCompletesWithZeroAnswers() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, SCRIPT)) {
            BeepChannel ch = lib.open(SCRIPT);
            CompletableFuture<Reply> reply = ch.send(MimeEntity.of("q"));
            ReadFrame msg = lib.peer.readUntil(f -> f.type() == FrameType.MSG && f.header().channel() == 1);
            lib.peer.send("NUL", 1, msg.header().msgno(), false, "");
            Reply r = reply.get(TIMEOUT, TimeUnit.SECONDS);
            assertEquals(Reply.Kind.ANSWERS, r.kind());
            assertTrue(r.answers().isEmpty());
        }
    }

    // ------------------------------------------------------------------ #25

    @Test
    @DisplayName("#25 an ERR before the last frame of our long MSG makes the library end it with an empty '.' frame")
    void errBeforeLastFrameMakesSenderEndWithEmptyFrame() throws Exception {
        try (LibraryInitiator lib = LibraryInitiator.connect(client, SCRIPT)) {
            BeepChannel ch = lib.open(SCRIPT);
            byte[] big = new byte[64 * 1024];
            CompletableFuture<Reply> reply = ch.send(MimeEntity.of(big));
            ReadFrame first = lib.peer.readUntil(f -> isDataOn(f, 1));
            assertEquals(FrameType.MSG, first.type(), first.toString());
            assertTrue(first.header().more(), "the message must need several frames: " + first);
            // Our window (4096, never reopened) holds the rest back; refuse the message now.
            lib.peer.send("ERR", 1, first.header().msgno(), false,
                    ScriptedPeer.mgmt("<error code='550'>too big for me</error>"));
            List<ReadFrame> rest = new ArrayList<>();
            ReadFrame last = lib.peer.readUntil(f -> {
                if (isDataOn(f, 1)) {
                    rest.add(f);
                    return !f.header().more();
                }
                return false;
            });
            assertEquals(FrameType.MSG, last.type(), last.toString());
            assertEquals(first.header().msgno(), last.header().msgno());
            assertEquals(0, last.header().size(), () -> "the MSG must end with an empty frame: " + rest);
            assertTrue(lib.peer.receivedOn(1) < big.length, "the library sent the whole message anyway");
            Reply r = reply.get(TIMEOUT, TimeUnit.SECONDS);
            assertTrue(r.isError());
            assertEquals(550, r.errorCode());
            assertEquals("too big for me", r.errorText());

            // The channel goes on: reopen our window and exchange another MSG.
            lib.peer.seq(1, 4096);
            CompletableFuture<Reply> next = ch.send(MimeEntity.of("small"));
            ReadFrame msg = lib.peer.readUntil(f -> isDataOn(f, 1));
            assertEquals(FrameType.MSG, msg.type(), msg.toString());
            assertFalse(msg.header().more());
            lib.peer.send("RPY", 1, msg.header().msgno(), false, "\r\nok");
            assertEquals("ok", next.get(TIMEOUT, TimeUnit.SECONDS).entity().bodyText());
        }
    }
}
