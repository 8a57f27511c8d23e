package io.beepkit.syslog;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.Reply;
import io.beepkit.api.security.SaslAuthenticator;
import io.beepkit.api.security.SaslCredentials;
import io.beepkit.api.security.SaslListenerConfig;
import io.beepkit.api.security.SaslMechanism;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.SessionConfig;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.tls.ClientAuthentication;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.test.TeardownExtension;
import io.beepkit.test.TestPki;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 3195 end to end over 127.0.0.1: a collector on a BeepServer, a device on a BeepClient. */
class SyslogSocketTest {
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private final LinkedBlockingQueue<SyslogMessage> received = new LinkedBlockingQueue<>();
    private BeepServer server;
    private BeepClient client;
    private final List<String> deviceFrames = new java.util.concurrent.CopyOnWriteArrayList<>();

    private BeepSession start(SyslogConsumer consumer, SyslogLimits limits) throws Exception {
        SyslogCollector collector = SyslogCollector.builder().consumer(consumer).limits(limits)
                .identity(new SyslogIdentity("collector.test", "127.0.0.1", "collector")).build();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build().start().join());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().frameTracer(deviceFrames::add).build()).build());
        return client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
    }

    private BeepSession start() throws Exception {
        return start(m -> {
            received.add(m);
            return SyslogConsumer.HANDLED;
        }, SyslogLimits.DEFAULT);
    }

    private SyslogMessage next() throws InterruptedException {
        SyslogMessage m = received.poll(5, TimeUnit.SECONDS);
        assertTrue(m != null, "no message arrived");
        return m;
    }

    @Test
    void greetingOffersBothProfileUris() throws Exception {
        BeepSession s = start();
        assertEquals(List.of(SyslogProfiles.COOKED, SyslogProfiles.RAW), s.peerProfiles());
    }

    /** RFC 3195 §6: the URIs are matched exactly; a differently spelled one is no RFC 3195 profile. */
    @Test
    void profileUrisMatchExactly() throws Exception {
        BeepSession s = start();
        CompletableFuture<BeepChannel> wrongCase = s.startChannel("http://iana.org/beep/syslog/raw");
        ExecutionException e = assertThrows(ExecutionException.class, () -> wrongCase.get(5, TimeUnit.SECONDS));
        assertInstanceOf(BeepErrorException.class, e.getCause());
    }

    /**
     * The pre-RFC URIs (liblogging's) are served only on request, and a device uses one only when the collector offers
     * nothing else.
     */
    @Test
    void legacyUrisOnlyWhenAskedFor() throws Exception {
        SyslogCollector legacyOnly = SyslogCollector.builder().consumer(m -> {
            received.add(m);
            return SyslogConsumer.HANDLED;
        }).legacyUris(true).build();
        assertEquals(List.of(SyslogProfiles.COOKED, SyslogProfiles.RAW, SyslogProfiles.LEGACY_COOKED,
                SyslogProfiles.LEGACY_RAW), legacyOnly.profiles());
        ProfileRegistry registry = new ProfileRegistry();
        registry.register(SyslogProfiles.LEGACY_RAW, legacyOnly.rawHandler());
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles().profiles(registry).build().start()
                .join());
        client = teardown.add(BeepClient.builder().build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        try (SyslogSender sender = SyslogSender.raw(s).get(5, TimeUnit.SECONDS)) {
            assertEquals(SyslogProfiles.LEGACY_RAW, sender.channel().profile());
            sender.send("<13>over the legacy uri").get(5, TimeUnit.SECONDS);
        }
        assertEquals("<13>over the legacy uri", next().text());
        assertEquals(List.of(SyslogProfiles.COOKED, SyslogProfiles.RAW),
                SyslogCollector.builder().consumer(m -> SyslogConsumer.HANDLED).build().profiles());
    }

    /**
     * RFC 3195 §3.3: lines queued while the collector's window is full leave together in one answer on the RFC URI,
     * each in its own on the legacy URI (liblogging's collector takes every frame for one message).
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void rawBatchesQueuedLinesOnlyOnTheRfcUri(boolean legacy) throws Exception {
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            received.add(m);
            return SyslogConsumer.HANDLED;
        }).build();
        ProfileRegistry registry = new ProfileRegistry();
        registry.register(legacy ? SyslogProfiles.LEGACY_RAW : SyslogProfiles.RAW, collector.rawHandler());
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles().profiles(registry).build().start()
                .join());
        client = teardown.add(BeepClient.builder().session(SessionConfig.builder().frameTracer(deviceFrames::add).build()).build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        int lines = 3000;
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        try (SyslogSender sender = SyslogSender.raw(s).get(5, TimeUnit.SECONDS)) {
            for (int i = 0; i < lines; i++) {
                sent.add(sender.send("<13>line " + i + " " + "x".repeat(100))); // 350 KB: several windows
            }
            CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        }
        for (int i = 0; i < lines; i++) {
            assertEquals("<13>line " + i + " " + "x".repeat(100), next().text());
        }
        long answers = deviceFrames.stream().filter(f -> f.startsWith("-> ANS ")).count();
        if (legacy) {
            assertEquals(lines, answers, "one answer per line on the legacy URI");
        } else {
            // the first window's worth (64 KiB, some 560 lines) leaves line by line, the rest batched
            assertTrue(answers < lines / 2, answers + " ANS frames for " + lines + " lines");
        }
    }

    /** RFC 3195 §3.1: the collector sends one MSG, the device answers with ANS per line, then NUL. */
    @Test
    void rawDeviceAnswersTheCollectorsMessageLineByLine() throws Exception {
        BeepSession s = start();
        try (SyslogSender sender = SyslogSender.raw(s).get(5, TimeUnit.SECONDS)) {
            assertEquals(SyslogTransport.RAW, sender.transport());
            for (int i = 0; i < 200; i++) {
                sender.send("<34>Oct 11 22:14:15 mymachine su[" + i + "]: line " + i).get(5, TimeUnit.SECONDS);
            }
        }
        for (int i = 0; i < 200; i++) {
            SyslogMessage m = next();
            assertEquals(SyslogTransport.RAW, m.transport());
            assertEquals(SyslogFormat.RFC3164, m.format());
            assertEquals(String.valueOf(i), m.procId(), "in order, none lost");
            assertEquals("line " + i, m.message());
            assertEquals(4, m.facility());
        }
        // The device only receives the collector's one MSG: it keeps the 4096 window every channel starts with and
        // sends no SEQ, which rsyslog's liblogging collector cannot parse.
        assertTrue(deviceFrames.stream().anyMatch(l -> l.startsWith("-> ANS 1 ")), deviceFrames.toString());
        assertFalse(deviceFrames.stream().anyMatch(l -> l.startsWith("-> SEQ 1 ")), deviceFrames.toString());
    }

    /** The consumer learns who sent a message from the session, not from what the message claims. */
    @Test
    void messagesCarryTheAuthenticatedPeerAndTheirReceptionTime() throws Exception {
        SaslAuthenticator users = new SaslAuthenticator() {
            @Override
            public char[] password(String user, String realm) {
                return user.equals("router7") ? "secret".toCharArray() : null;
            }
        };
        // The claimed host's clock is in New York: the collector's policy reads its RFC 3164 timestamps there.
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            received.add(m);
            return SyslogConsumer.HANDLED;
        }).rfc3164Timestamps(Rfc3164TimestampPolicy.utc()
                .withDeviceZone("claims-to-be-another", ZoneId.of("America/New_York"))).build();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).sasl(SaslListenerConfig.builder(users).build())
                .noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build().start().join());
        client = teardown.add(BeepClient.builder().build());
        BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
        s.authenticate(SaslMechanism.CRAM_MD5, SaslCredentials.password("router7", "secret".toCharArray()))
                .get(5, TimeUnit.SECONDS);
        Instant before = Instant.now();
        // An hour ago on the device's clock, so the year is this one whatever the date.
        Instant hourAgo = before.minusSeconds(3600).truncatedTo(ChronoUnit.SECONDS);
        String newYorkClock = DateTimeFormatter.ofPattern("MMM ppd HH:mm:ss", Locale.ROOT)
                .format(hourAgo.atZone(ZoneId.of("America/New_York")));
        try (SyslogSender sender = SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS)) {
            sender.send("<34>" + newYorkClock + " claims-to-be-another su: hello").get(5, TimeUnit.SECONDS);
        }
        SyslogMessage m = next();
        assertEquals("router7", m.authenticatedAs().authenticationId());
        assertEquals("claims-to-be-another", m.hostname());
        assertEquals(null, m.tls(), "no TLS on this session");
        assertFalse(m.receivedAt().isBefore(before.minusMillis(1)), m.receivedAt() + " before " + before);
        assertFalse(m.receivedAt().isAfter(Instant.now()), m.receivedAt().toString());
        assertEquals(hourAgo, m.instant(), newYorkClock + " read in New York");
    }

    /** With mutual TLS the device's certificate says who sent each message. */
    @Test
    void messagesCarryTheDevicesCertificateWithMutualTls() throws Exception {
        TestPki ca = TestPki.create("syslog test CA");
        TestPki.Issued collectorCert = ca.server("localhost", "localhost", "127.0.0.1");
        TestPki.Issued deviceCert = ca.client("router9");
        SyslogCollector collector = SyslogCollector.builder().consumer(m -> {
            received.add(m);
            return SyslogConsumer.HANDLED;
        }).build();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .tls(TlsConfig.builder().keyMaterial(collectorCert.material()).trust(ca.trust())
                        .clientAuth(ClientAuthentication.REQUIRE).build())
                .profiles(collector.register(new ProfileRegistry())).build().start().join());
        client = teardown.add(BeepClient.builder().tls(TlsConfig.builder().trust(ca.trust()).keyMaterial(deviceCert.material())
                .build()).build());
        BeepSession s = client.connect("localhost", server.port()).get(5, TimeUnit.SECONDS);
        s.startTls().get(10, TimeUnit.SECONDS);
        try (SyslogSender sender = SyslogSender.raw(s).get(5, TimeUnit.SECONDS)) {
            sender.send("<34>Oct 11 22:14:15 anyone su: over tls").get(5, TimeUnit.SECONDS);
        }
        SyslogMessage m = next();
        assertTrue(m.tls() != null, "the message arrived over TLS");
        assertEquals(deviceCert.certificate(), m.tls().peerCertificate().orElseThrow());
        assertTrue(m.tls().peerSubject().orElseThrow().contains("router9"), m.tls().peerSubject().toString());
        assertEquals(null, m.authenticatedAs());
    }

    /** RFC 3195 §3.1: on RAW the device sends no MSG; the collector refuses one. */
    @Test
    void rawMessageFromTheDeviceIsRefused() throws Exception {
        BeepSession s = start();
        ChannelRequest r = ChannelRequest.builder().profile(SyslogProfiles.RAW)
                .handler((m, responder) -> { }).build();
        BeepChannel ch = s.startChannel(r).get(5, TimeUnit.SECONDS);
        Reply reply = ch.send(MimeEntity.of("<13>hello\r\n")).get(5, TimeUnit.SECONDS);
        assertTrue(reply.isError());
        assertEquals(500, reply.errorCode());
    }

    /** RFC 3195 §3.4 with our limit: a RAW line beyond maxLineLength ends the session (it cannot be answered). */
    @Test
    void rawLineOverTheLimitTerminatesTheSession() throws Exception {
        BeepSession s = start(m -> {
            received.add(m);
            return SyslogConsumer.HANDLED;
        }, SyslogLimits.builder().maxLineLength(64).build());
        SyslogSender sender = SyslogSender.raw(s).get(5, TimeUnit.SECONDS);
        sender.send("<13>fine");
        sender.send("<13>" + "x".repeat(100));
        s.closeFuture().get(5, TimeUnit.SECONDS);
        assertEquals("<13>fine", next().text());
        assertFalse(s.isOpen());
    }

    /** RFC 3195 §4.2, §4.4.1, §4.4.2: iam piggybacked, entries answered ok, attributes and text delivered. */
    @Test
    void cookedEntriesAreAnsweredOkAndCarryTheDevicesIam() throws Exception {
        BeepSession s = start();
        SyslogIdentity iam = new SyslogIdentity("device.test", "127.0.0.1", "device");
        try (SyslogSender sender = SyslogSender.cooked(s, iam).get(5, TimeUnit.SECONDS)) {
            String startReply = sender.channel().peerInitData().orElseThrow();
            assertTrue(startReply.contains("type='collector'"), startReply);
            sender.send("<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47 - An event & more")
                    .get(5, TimeUnit.SECONDS);
        }
        SyslogMessage m = next();
        assertEquals(SyslogTransport.COOKED, m.transport());
        assertEquals(SyslogFormat.RFC5424, m.format());
        assertEquals(20, m.facility());
        assertEquals(5, m.severity());
        assertEquals("mymachine.example.com", m.hostname());
        assertEquals("evntslog", m.appName());
        assertEquals("An event & more", m.message());
        assertEquals(iam, m.peer());
    }

    /** RFC 3195 §4.4.1: an iam may also come as a MSG of its own, and is answered ok. */
    @Test
    void cookedIamAsAMessage() throws Exception {
        BeepSession s = start();
        SyslogSender sender = SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS);
        SyslogIdentity iam = new SyslogIdentity("relay.test", "127.0.0.2", "relay");
        sender.sendIam(iam).get(5, TimeUnit.SECONDS);
        sender.send("<13>after iam").get(5, TimeUnit.SECONDS);
        assertEquals(iam, next().peer());
    }

    /** RFC 3195 §4.4: what is not an entry, iam or path is answered with an error, and the channel stays. */
    @Test
    void cookedViolationsAreAnsweredWithErrors() throws Exception {
        BeepSession s = start(m -> {
            received.add(m);
            return SyslogConsumer.HANDLED;
        }, SyslogLimits.builder().maxEntrySize(200).build());
        BeepChannel ch = s.startChannel(SyslogProfiles.COOKED).get(5, TimeUnit.SECONDS);
        assertEquals(500, cooked(ch, "<entry>unterminated").errorCode());
        assertEquals(500, cooked(ch, "<log>x</log>").errorCode());
        assertEquals(501, cooked(ch, "<entry facility='99'>x</entry>").errorCode());
        assertEquals(550, cooked(ch, "<entry>" + "x".repeat(300) + "</entry>").errorCode());
        Reply ok = cooked(ch, "<entry facility='4' severity='2' hostname='h'>still open</entry>");
        assertFalse(ok.isError(), ok.toString());
        assertEquals("<ok />", ok.entity().bodyText());
        SyslogMessage m = next();
        assertEquals("still open", m.text());
        assertEquals("h", m.hostname());
        assertEquals(4, m.facility());
        assertEquals(2, m.severity());
    }

    /** RFC 3195 §4.4.3: a path described on the channel is attached to the entries that name it. */
    @Test
    void cookedPathReachesTheEntriesNamingIt() throws Exception {
        BeepSession s = start();
        BeepChannel ch = s.startChannel(SyslogProfiles.COOKED).get(5, TimeUnit.SECONDS);
        assertFalse(cooked(ch, "<path pathID='hop2' fromIP='192.0.2.2' toIP='127.0.0.1' linkType='7'>"
                + "<path pathID='hop1' fromIP='192.0.2.1' toIP='192.0.2.2' linkType='7'/></path>").isError());
        assertFalse(cooked(ch, "<entry pathID='hop2'>relayed</entry>").isError());
        assertFalse(cooked(ch, "<entry pathID='unknown'>elsewhere</entry>").isError());
        SyslogMessage relayed = next();
        assertEquals("hop2", relayed.pathId());
        assertEquals("192.0.2.2", relayed.path().attribute("fromIP"));
        assertEquals("hop1", relayed.path().previous().get(0).pathId());
        SyslogMessage other = next();
        assertEquals("unknown", other.pathId());
        assertEquals(null, other.path());
    }

    /** RFC 3195 §4.2: only an iam may be piggybacked; anything else refuses the start. */
    @Test
    void cookedStartWithOtherInitDataIsRefused() throws Exception {
        BeepSession s = start();
        ChannelRequest r = ChannelRequest.builder().profile(SyslogProfiles.COOKED, "<entry>x</entry>", false).build();
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> s.startChannel(r).get(5, TimeUnit.SECONDS));
        assertEquals(501, assertInstanceOf(BeepErrorException.class, e.getCause()).code());
    }

    private static Reply cooked(BeepChannel ch, String xml) throws Exception {
        return ch.send(MimeEntity.of(MimeEntity.BEEP_XML, xml.getBytes())).get(5, TimeUnit.SECONDS);
    }

    /** The ok of an entry waits for the consumer's acknowledgement; a failed one is answered ERR 451. */
    @Test
    void cookedOkWaitsForTheAcknowledgement() throws Exception {
        ConcurrentLinkedQueue<CompletableFuture<Void>> acks = new ConcurrentLinkedQueue<>();
        BeepSession s = start(m -> {
            CompletableFuture<Void> ack = new CompletableFuture<>();
            acks.add(ack);
            return ack;
        }, SyslogLimits.DEFAULT);
        SyslogSender sender = SyslogSender.cooked(s, null).get(5, TimeUnit.SECONDS);
        CompletableFuture<Void> first = sender.send("<13>first");
        CompletableFuture<Void> second = sender.send("<13>second");
        waitFor(() -> acks.size() == 2);
        assertThrows(TimeoutException.class, () -> first.get(300, TimeUnit.MILLISECONDS));
        acks.poll().complete(null);
        first.get(5, TimeUnit.SECONDS);
        acks.poll().completeExceptionally(new IllegalStateException("disk full"));
        ExecutionException e = assertThrows(ExecutionException.class, () -> second.get(5, TimeUnit.SECONDS));
        assertEquals(451, assertInstanceOf(BeepErrorException.class, e.getCause()).code());
    }

    /**
     * Entries awaiting their answer are bounded per channel: one more is dropped unread and refused with 550 (the ERR
     * leaves after the earlier answers, RFC 3080 §2.6.1).
     */
    @Test
    void cookedPendingEntriesAreBounded() throws Exception {
        ConcurrentLinkedQueue<CompletableFuture<Void>> acks = new ConcurrentLinkedQueue<>();
        BeepSession s = start(m -> {
            CompletableFuture<Void> ack = new CompletableFuture<>();
            acks.add(ack);
            return ack;
        }, SyslogLimits.builder().maxPendingEntries(2).build());
        BeepChannel ch = s.startChannel(SyslogProfiles.COOKED).get(5, TimeUnit.SECONDS);
        MimeEntity entry = MimeEntity.of(MimeEntity.BEEP_XML, "<entry>held</entry>".getBytes());
        CompletableFuture<Reply> first = ch.send(entry);
        CompletableFuture<Reply> second = ch.send(entry);
        waitFor(() -> acks.size() == 2);
        CompletableFuture<Reply> third = ch.send(entry);
        Thread.sleep(300);
        assertEquals(2, acks.size(), "the third entry must not reach the consumer");
        assertFalse(first.isDone());
        acks.forEach(a -> a.complete(null));
        assertFalse(first.get(5, TimeUnit.SECONDS).isError());
        assertFalse(second.get(5, TimeUnit.SECONDS).isError());
        assertEquals(550, third.get(5, TimeUnit.SECONDS).errorCode());
        CompletableFuture<Reply> fourth = ch.send(entry);
        waitFor(() -> acks.size() == 3);
        acks.forEach(a -> a.complete(null));
        assertFalse(fourth.get(5, TimeUnit.SECONDS).isError(), "answered entries free their places");
    }

    /** Syslog channels per session are bounded: one more start is refused with 550 until one closes. */
    @Test
    void channelsPerSessionAreBounded() throws Exception {
        BeepSession s = start(m -> SyslogConsumer.HANDLED, SyslogLimits.builder().maxChannels(2).build());
        BeepChannel a = s.startChannel(SyslogProfiles.COOKED).get(5, TimeUnit.SECONDS);
        SyslogSender.raw(s).get(5, TimeUnit.SECONDS);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> s.startChannel(SyslogProfiles.COOKED).get(5, TimeUnit.SECONDS));
        assertEquals(550, assertInstanceOf(BeepErrorException.class, e.getCause()).code());
        a.close().get(5, TimeUnit.SECONDS);
        waitFor(() -> {
            try {
                return s.startChannel(SyslogProfiles.COOKED).get(5, TimeUnit.SECONDS).isOpen();
            } catch (Exception again) {
                return false;
            }
        });
    }

    /**
     * A consumer that does not acknowledge holds the window: the device stalls after about one window of lines,
     * nothing is dropped, and everything arrives once the consumer catches up.
     */
    @Test
    void rawSlowConsumerHoldsTheDeviceWithoutLoss() throws Exception {
        ConcurrentLinkedQueue<CompletableFuture<Void>> acks = new ConcurrentLinkedQueue<>();
        BeepSession s = start(m -> {
            received.add(m);
            CompletableFuture<Void> ack = new CompletableFuture<>();
            acks.add(ack);
            return ack;
        }, SyslogLimits.DEFAULT);
        SyslogSender sender = SyslogSender.raw(s).get(5, TimeUnit.SECONDS);
        int total = 3000;
        String pad = "y".repeat(90);
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < total; i++) {
                sends.add(sender.send("<13>" + i + " " + pad));
                sends.get(i).join();
            }
        });
        Thread.sleep(1000);
        int heldAt = received.size();
        assertTrue(heldAt > 0 && heldAt < total, "delivered before any ack: " + heldAt);
        int window = sender.channel().remoteWindow();
        assertTrue(heldAt * 96L <= window + 96L, heldAt + " lines delivered unacknowledged, window " + window);
        assertFalse(producer.isDone(), "the device must be held back");
        CompletableFuture<Void> drain = CompletableFuture.runAsync(() -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (received.size() < total || !acks.isEmpty()) {
                CompletableFuture<Void> a = acks.poll();
                if (a != null) {
                    a.complete(null);
                } else if (System.nanoTime() > deadline) {
                    return;
                } else {
                    Thread.onSpinWait();
                }
            }
        });
        producer.get(30, TimeUnit.SECONDS);
        drain.get(30, TimeUnit.SECONDS);
        assertEquals(total, received.size());
        int i = 0;
        for (SyslogMessage m : received) {
            assertTrue(m.text().startsWith("<13>" + i + " "), "message " + i + " is " + m.text());
            i++;
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met in 5 s");
            }
            Thread.sleep(10);
        }
    }
}
