package io.beepkit.micrometer;

import io.beepkit.api.MessageType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

import java.util.concurrent.atomic.AtomicLong;

/** The meters of one profile URI and role, registered together and then only incremented. */
final class ProfileMeters {
    final AtomicLong channelsOpen = new AtomicLong();
    final Counter channelsOpened;
    final Counter[] messagesSent = new Counter[MessageType.values().length];
    final Counter[] messagesReceived = new Counter[MessageType.values().length];
    final Counter payloadSent;
    final Counter payloadReceived;
    final DistributionSummary framesSent;
    final DistributionSummary framesReceived;
    final Counter tinySent;
    final Counter tinyReceived;
    final Counter seqSent;
    final Counter seqReceived;
    final Timer windowStalls;
    final Timer roundTrip;

    ProfileMeters(MeterRegistry r, Tags tags) {
        Gauge.builder(BeepMetrics.CHANNELS_OPEN, channelsOpen, AtomicLong::get).tags(tags)
                .description("BEEP channels open").register(r);
        channelsOpened = counter(r, BeepMetrics.CHANNELS_OPENED, tags, "BEEP channels started");
        for (MessageType t : MessageType.values()) {
            Tags typed = tags.and("type", t.tag());
            messagesSent[t.ordinal()] = counter(r, BeepMetrics.MESSAGES_SENT, typed, "BEEP messages sent");
            messagesReceived[t.ordinal()] = counter(r, BeepMetrics.MESSAGES_RECEIVED, typed, "BEEP messages received");
        }
        payloadSent = Counter.builder(BeepMetrics.PAYLOAD_SENT).tags(tags).baseUnit("bytes")
                .description("BEEP payload octets sent").register(r);
        payloadReceived = Counter.builder(BeepMetrics.PAYLOAD_RECEIVED).tags(tags).baseUnit("bytes")
                .description("BEEP payload octets received").register(r);
        framesSent = DistributionSummary.builder(BeepMetrics.FRAMES_PER_MESSAGE_SENT).tags(tags).baseUnit("frames")
                .description("frames per BEEP message sent").register(r);
        framesReceived = DistributionSummary.builder(BeepMetrics.FRAMES_PER_MESSAGE_RECEIVED).tags(tags)
                .baseUnit("frames").description("frames per BEEP message received").register(r);
        tinySent = counter(r, BeepMetrics.TINY_FRAGMENTS_SENT, tags, "BEEP tiny fragments sent");
        tinyReceived = counter(r, BeepMetrics.TINY_FRAGMENTS_RECEIVED, tags, "BEEP tiny fragments received");
        seqSent = counter(r, BeepMetrics.SEQ_SENT, tags, "BEEP SEQ frames sent");
        seqReceived = counter(r, BeepMetrics.SEQ_RECEIVED, tags, "BEEP SEQ frames received");
        windowStalls = Timer.builder(BeepMetrics.WINDOW_STALLS).tags(tags)
                .description("time a BEEP channel waited for the peer's window").register(r);
        roundTrip = Timer.builder(BeepMetrics.ROUND_TRIP).tags(tags)
                .description("BEEP request round trip: MSG queued to reply complete").register(r);
    }

    private static Counter counter(MeterRegistry r, String name, Tags tags, String description) {
        return Counter.builder(name).tags(tags).description(description).register(r);
    }
}
