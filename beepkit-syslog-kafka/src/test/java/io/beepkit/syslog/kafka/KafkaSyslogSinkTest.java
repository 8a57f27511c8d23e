package io.beepkit.syslog.kafka;

import io.beepkit.syslog.SyslogMessage;
import io.beepkit.syslog.SyslogTransport;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sink's configuration rules and record keys, without a broker. */
class KafkaSyslogSinkTest {
    /** Nothing listens there: the producer is created but never reaches a broker. */
    private static final String NOWHERE = "127.0.0.1:1";

    private static String refused(Map<String, ?> properties) {
        return assertThrows(IllegalArgumentException.class, () -> ProducerSettings.of(properties)).getMessage();
    }

    @Test
    void weakerDeliveryAndOwnPropertiesAreRefusedByName() {
        assertTrue(refused(Map.of("bootstrap.servers", NOWHERE, "acks", "1")).startsWith("acks=1 "));
        assertTrue(refused(Map.of("bootstrap.servers", NOWHERE, "acks", "0")).startsWith("acks=0 "));
        assertTrue(refused(Map.of("bootstrap.servers", NOWHERE, "enable.idempotence", "false"))
                .startsWith("enable.idempotence=false "));
        assertTrue(refused(Map.of("bootstrap.servers", NOWHERE, "max.block.ms", "600000"))
                .startsWith("max.block.ms=600000 "));
        assertTrue(refused(Map.of("bootstrap.servers", NOWHERE, "max.block.ms", "soon"))
                .startsWith("max.block.ms is not a number"));
        assertTrue(refused(Map.of("bootstrap.servers", NOWHERE, "transactional.id", "t"))
                .startsWith("transactional.id "));
        assertTrue(refused(Map.of("bootstrap.servers", NOWHERE, "value.serializer", "x"))
                .startsWith("value.serializer "));
        assertTrue(refused(Map.of()).contains("bootstrap.servers"));
    }

    @Test
    void deliveryGuaranteeIsEnforcedAndSendIsBounded() {
        Map<String, Object> p = ProducerSettings.of(Map.of("bootstrap.servers", NOWHERE, "acks", "-1",
                "linger.ms", "20"));
        assertEquals("all", p.get("acks"));
        assertEquals("true", p.get("enable.idempotence"));
        assertEquals("2000", p.get("max.block.ms"));
        assertEquals("20", p.get("linger.ms"));
        assertEquals("500", ProducerSettings.of(Map.of("bootstrap.servers", NOWHERE, "max.block.ms", "500"))
                .get("max.block.ms"));
    }

    @Test
    void throughputDefaultsApplyUnlessSet() {
        Map<String, Object> p = ProducerSettings.of(Map.of("bootstrap.servers", NOWHERE));
        assertEquals("262144", p.get("batch.size"));
        assertEquals("10", p.get("linger.ms"));
        assertEquals("lz4", p.get("compression.type"));
        Map<String, Object> own = ProducerSettings.of(Map.of("bootstrap.servers", NOWHERE, "batch.size", "16384",
                "linger.ms", "0", "compression.type", "none"));
        assertEquals("16384", own.get("batch.size"));
        assertEquals("0", own.get("linger.ms"));
        assertEquals("none", own.get("compression.type"));
    }

    @Test
    void topicIsRequired() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> KafkaSyslogSink.builder()
                .bootstrapServers(NOWHERE).build()).getMessage().contains("topic"));
    }

    @Test
    void keyIsTheDeviceHostOrThePeerAddress() {
        SyslogMessage named = SyslogMessage.builder().transport(SyslogTransport.RAW).text("x").hostname("dev1")
                .deviceFqdn("dev1.example").remoteAddress(new InetSocketAddress("127.0.0.1", 4000)).build();
        SyslogMessage cooked = named.toBuilder().hostname(null).build();
        SyslogMessage anonymous = cooked.toBuilder().deviceFqdn(null).build();
        SyslogMessage unknown = anonymous.toBuilder().remoteAddress(null).build();
        try (KafkaSyslogSink host = sink(KafkaSyslogKey.DEVICE_HOST);
             KafkaSyslogSink peer = sink(KafkaSyslogKey.PEER_ADDRESS)) {
            assertEquals("dev1", host.key(named));
            assertEquals("dev1.example", host.key(cooked));
            assertEquals("127.0.0.1", host.key(anonymous));
            assertNull(host.key(unknown));
            assertEquals("127.0.0.1", peer.key(named));
            assertNull(peer.key(unknown));
        }
    }

    @Test
    void aClosedSinkFailsTheStage() {
        KafkaSyslogSink sink = sink(KafkaSyslogKey.DEVICE_HOST);
        sink.close();
        ExecutionException e = assertThrows(ExecutionException.class, () -> sink.accept(SyslogMessage.builder()
                .transport(SyslogTransport.RAW).text("x").build()).toCompletableFuture().get(30, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof IllegalStateException, e.toString());
    }

    private static KafkaSyslogSink sink(KafkaSyslogKey key) {
        return KafkaSyslogSink.builder().topic("t").bootstrapServers(NOWHERE).key(key).closeTimeout(Duration.ZERO)
                .build();
    }
}
