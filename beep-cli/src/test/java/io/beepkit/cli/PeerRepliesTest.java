package io.beepkit.cli;

import io.beepkit.api.MimeEntity;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepServer;
import io.beepkit.test.TeardownExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code beep call} and {@code beep load} against a library listener whose profiles answer with ERR and ANS. */
class PeerRepliesTest {
    @RegisterExtension
    static final TeardownExtension TEARDOWN = new TeardownExtension();

    static final String FAIL = "urn:test:fail";
    static final String ANSWERS = "urn:test:answers";
    static final String SILENT = "urn:test:silent";
    static final String TRICKLE = "urn:test:trickle";
    /** Answers one message every 200 ms, in order: replies keep coming, but far slower than they are asked for. */
    static ScheduledExecutorService trickle;
    static final AtomicLong nextAnswerAt = new AtomicLong();
    static BeepServer server;
    static String address;

    @BeforeAll
    static void start() {
        trickle = Executors.newSingleThreadScheduledExecutor();
        TEARDOWN.onClose(trickle::shutdownNow);
        server = TEARDOWN.add(BeepServer.builder().bind("127.0.0.1", 0)
                .profile(FAIL, (msg, r) -> r.refuse(554, "transaction failed"
                        + (msg.entity().body().length == 0 ? "" : ": " + msg.entity().bodyText())))
                .profile(ANSWERS, (msg, r) -> {
                    int n = Integer.parseInt(msg.entity().bodyText().trim());
                    for (int i = 0; i < n; i++) {
                        r.answer(MimeEntity.of("answer " + i));
                    }
                    r.endAnswers();
                })
                .profile(SILENT, (msg, r) -> { }) // never answers
                .profile(TRICKLE, (msg, r) -> {
                    long now = System.nanoTime();
                    long at = nextAnswerAt.accumulateAndGet(now + 200_000_000L,
                            (prev, earliest) -> Math.max(prev + 200_000_000L, earliest));
                    trickle.schedule(() -> r.reply(MimeEntity.of("late")), at - now, TimeUnit.NANOSECONDS);
                })
                .build().start().join());
        address = "127.0.0.1:" + server.port();
    }

    @Test
    void unansweredCallTimesOutThroughTheReplyDeadline() {
        assertEquals(0, Cli.run("call", address, ANSWERS, "-d", "0").code()); // class loading is not the call's time
        long t0 = System.nanoTime();
        Cli.Result r = Cli.run("call", address, SILENT, "-d", "hello?", "--timeout", "1s");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(ExitCodes.TIMEOUT, r.code(), r.toString());
        assertEquals("beep call: timed out after 1.0 s waiting for the reply", r.errLines()[0], r.err());
        // Not before the deadline; how soon the process ends after it is measured outside the tests (docs/cli.md).
        assertTrue(ms >= 1000, "returned after " + ms + " ms, before the 1 s deadline");
    }

    @Test
    void timedLoadEndsOnTimeWhileRepliesStillTrickleIn(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("load.json");
        nextAnswerAt.set(0);
        // 40 in flight answered 5 per second would take 8 s to drain: the run must end --timeout after -D, leaving
        // unfinished exchanges (a run that waited for every reply would leave none).
        Cli.Result r = Cli.run("load", address, TRICKLE, "--size", "64", "-m", "40", "-D", "1s", "--timeout", "2s",
                "-q", "--json", json.toString());
        assertEquals(ExitCodes.PEER_ERROR, r.code(), r.toString());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\((\\d+) unfinished, timed out\\)").matcher(r.out());
        assertTrue(m.find(), r.out());
        long unfinished = Long.parseLong(m.group(1));
        assertTrue(unfinished >= 15 && unfinished <= 40, r.out());
        assertTrue(r.out().contains(unfinished + " x unfinished 2.0 s after the end of the run"), r.out());
        String text = Files.readString(json);
        assertTrue(text.contains("\"unfinished\": " + unfinished + ","), text);
        assertTrue(text.contains("\"timeout\": " + unfinished), text);
    }

    /**
     * --rate counts each message's latency from its scheduled time: paced every 50 ms against a listener answering
     * every 200 ms, message k is sent late and answered 200 + 150 k ms after its slot, where a closed loop would see
     * 200 ms each (coordinated omission).
     */
    @Test
    void pacedLoadChargesEachMessageItsWaitFromTheSchedule(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("paced.json");
        nextAnswerAt.set(0);
        Cli.Result r = Cli.run("load", address, TRICKLE, "--size", "64", "-m", "1", "--rate", "20", "-D", "2s",
                "--timeout", "4s", "-q", "--json", json.toString());
        String text = Files.readString(json);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "\"latency_ms\": \\{\"min\": ([0-9.]+), \"mean\": [0-9.]+, \"p50\": ([0-9.]+), .*?\"max\": ([0-9.]+)\\}")
                .matcher(text);
        assertTrue(m.find(), text + r);
        double min = Double.parseDouble(m.group(1));
        double p50 = Double.parseDouble(m.group(2));
        double max = Double.parseDouble(m.group(3));
        assertTrue(min >= 150, "the first reply takes the listener's 200 ms: min " + min + " in " + text);
        assertTrue(p50 >= 450, "later messages wait for their turn from their slot: p50 " + p50 + " in " + text);
        assertTrue(max < 6_000, "no latency beyond the run and its timeout: max " + max + " in " + text);
    }

    @Test
    void errReplyExitsWith1AndPrintsCodeAndText() {
        Cli.Result r = Cli.run("call", address, FAIL, "-d", "nope");
        assertEquals(ExitCodes.PEER_ERROR, r.code(), r.toString());
        assertEquals("", r.out());
        assertEquals(1, r.errLines().length, r.err());
        assertEquals("beep call: ERR 554 transaction failed: nope", r.errLines()[0]);
    }

    @Test
    void everyAnswerIsPrinted() {
        Cli.Result r = Cli.run("call", address, ANSWERS, "-d", "3");
        assertEquals(0, r.code(), r.toString());
        assertEquals("answer 0\nanswer 1\nanswer 2\n", r.out());
        Cli.Result none = Cli.run("call", "-v", address, ANSWERS, "-d", "0");
        assertEquals(0, none.code(), none.toString());
        assertEquals("", none.out());
        assertTrue(none.err().contains("* reply: 0 ANS then NUL"), none.err());
    }

    @Test
    void loadCountsErrReplies() {
        Cli.Result r = Cli.run("load", address, FAIL, "--count", "20", "--in-flight", "2", "--size", "2", "-q");
        assertEquals(ExitCodes.PEER_ERROR, r.code(), r.toString());
        assertTrue(r.out().contains("errors:      20 (20 x ERR 554 transaction failed)"), r.out());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.errLines()[0].equals("beep load: 20 of 20 messages failed; first: ERR 554 transaction failed"),
                r.err());
    }

    @Test
    void callWithExplicitDefaultProfileStillWorks() {
        Cli.Result r = Cli.run("call", address, StandardProfiles.ECHO, "-d", "ok", "--profile", "bounded");
        assertEquals(0, r.code(), r.toString());
        assertEquals("ok\n", r.out());
    }
}
