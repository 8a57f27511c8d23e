package io.beepkit.netty.tuning;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Channels take turns one frame at a time: a small message on one channel does not wait behind megabytes queued on
 * another channel of the same session.
 */
class FairSchedulingTest {
    @Test
    void smallMessageOvertakesABulkChannelsQueue() throws Exception {
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).build().start().get(5, TimeUnit.SECONDS);
             BeepClient client = BeepClient.builder().build()) {
            BeepSession s = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            BeepChannel bulk = s.startChannel(StandardProfiles.SINK).get(5, TimeUnit.SECONDS);
            BeepChannel interactive = s.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
            byte[] mebibyte = new byte[1024 * 1024];
            List<CompletableFuture<Reply>> bulkReplies = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                bulkReplies.add(bulk.send(MimeEntity.of(mebibyte)));
            }
            Reply echo = interactive.send(MimeEntity.of("ping")).get(10, TimeUnit.SECONDS);
            long bulkDone = bulkReplies.stream().filter(CompletableFuture::isDone).count();
            assertEquals("ping", echo.entity().bodyText());
            assertTrue(bulkDone < 16, "the echo waited for " + bulkDone + " of 32 queued MiB on the other channel");
            CompletableFuture.allOf(bulkReplies.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            s.close().get(5, TimeUnit.SECONDS);
        }
    }
}
