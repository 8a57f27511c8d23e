package io.beepkit.syslog.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.syslog.SyslogCollector;
import io.beepkit.syslog.SyslogIdentity;
import io.beepkit.syslog.SyslogSender;
import io.beepkit.test.TeardownExtension;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A device's COOKED entries through a real collector on 127.0.0.1 into a real KRaft broker in this JVM (one
 * combined controller and broker on loopback, topics created only on request), read back with a consumer.
 */
class KafkaSyslogBrokerTest {
    /** Closes the broker and its admin client after all tests. */
    @RegisterExtension
    static final TeardownExtension BROKER_TEARDOWN = new TeardownExtension();
    @RegisterExtension
    final TeardownExtension teardown = new TeardownExtension();

    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaClusterTestKit cluster;
    private static String bootstrap;
    private static Admin admin;

    private BeepServer server;
    private BeepClient client;
    private KafkaSyslogSink sink;

    @BeforeAll
    static void startBroker() throws Exception {
        cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder().setCombined(true)
                .setNumBrokerNodes(1).setNumControllerNodes(1).build())
                .setConfigProp("auto.create.topics.enable", "false")
                .setConfigProp("num.partitions", "1")
                .build();
        BROKER_TEARDOWN.onClose(cluster::close);
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        // The test kit's listeners are on localhost; the clients name the loopback address itself.
        bootstrap = cluster.bootstrapServers().replace("localhost", "127.0.0.1");
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
        BROKER_TEARDOWN.onClose(() -> admin.close(Duration.ofSeconds(10)));
    }

    private SyslogSender device(String topic) throws Exception {
        BeepSession session = session(topic, KafkaSyslogKey.DEVICE_HOST);
        return SyslogSender.cooked(session, new SyslogIdentity("dev1.example", "192.0.2.7", "device"))
                .get(30, TimeUnit.SECONDS);
    }

    private BeepSession session(String topic, KafkaSyslogKey key) throws Exception {
        sink = teardown.add(KafkaSyslogSink.builder().topic(topic).bootstrapServers(bootstrap).key(key)
                .property("max.block.ms", "1500").build());
        SyslogCollector collector = SyslogCollector.builder().consumer(sink).build();
        server = teardown.add(BeepServer.builder().bind("127.0.0.1", 0).noDefaultProfiles()
                .profiles(collector.register(new ProfileRegistry())).build().start().get(30, TimeUnit.SECONDS));
        client = teardown.add(BeepClient.builder().build());
        return client.connect("127.0.0.1", server.port()).get(30, TimeUnit.SECONDS);
    }

    /** Topics are named per run, so that a test run again (Surefire's reruns) starts from nothing. */
    private static void createTopic(String topic) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(60, TimeUnit.SECONDS);
    }

    private static long endOffset(String topic) throws Exception {
        TopicPartition p = new TopicPartition(topic, 0);
        return admin.listOffsets(Map.of(p, OffsetSpec.latest())).partitionResult(p).get(30, TimeUnit.SECONDS)
                .offset();
    }

    private static List<ConsumerRecord<String, String>> read(String topic, int count) {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false"), new StringDeserializer(),
                new StringDeserializer())) {
            TopicPartition p = new TopicPartition(topic, 0);
            consumer.assign(Set.of(p));
            consumer.seekToBeginning(Set.of(p));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (records.size() < count && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            }
            // Anything beyond the expected count would be a duplicate: give it a moment to show up.
            consumer.poll(Duration.ofMillis(500)).forEach(records::add);
        }
        return records;
    }

    @Test
    void everyEntryBecomesOneRecordAcknowledgedOnlyOnceInTheTopic() throws Exception {
        String topic = "syslog-delivered-" + UUID.randomUUID();
        createTopic(topic);
        SyslogSender sender = device(topic);
        // One entry first: when its <ok /> arrives, the record is already in the partition's log.
        sender.send("<165>1 2003-10-11T22:14:15.003Z dev1 app 42 ID0 - message 0").get(60, TimeUnit.SECONDS);
        assertEquals(1, endOffset(topic));
        int n = 40;
        List<CompletableFuture<Void>> oks = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            oks.add(sender.send("<165>1 2003-10-11T22:14:15.003Z dev1 app 42 ID" + i + " - message " + i));
        }
        CompletableFuture.allOf(oks.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
        assertEquals(n, endOffset(topic));

        List<ConsumerRecord<String, String>> records = read(topic, n);
        assertEquals(n, records.size());
        for (int i = 0; i < n; i++) {
            ConsumerRecord<String, String> r = records.get(i);
            assertEquals("dev1", r.key());
            JsonNode json = JSON.readTree(r.value());
            assertEquals("message " + i, json.get("message").asText(), r.value());
            assertEquals("ID" + i, json.get("log.syslog.msgid").asText(), r.value());
            assertEquals(20, json.get("log.syslog.facility.code").asInt(), r.value());
            assertEquals(5, json.get("log.syslog.severity.code").asInt(), r.value());
            assertEquals("app", json.get("log.syslog.appname").asText(), r.value());
            assertEquals("dev1", json.get("host.hostname").asText(), r.value());
            assertEquals("127.0.0.1", json.get("source.ip").asText(), r.value());
            assertEquals("2003-10-11T22:14:15.003Z", json.get("@timestamp").asText(), r.value());
            assertEquals("COOKED", json.get("beep.syslog.transport").asText(), r.value());
            assertEquals("dev1.example", json.get("beep.syslog.iam.fqdn").asText(), r.value());
        }
    }

    @Test
    void rawLinesBecomeRecordsKeyedByThePeerAddress() throws Exception {
        String topic = "syslog-raw-" + UUID.randomUUID();
        createTopic(topic);
        int n = 10;
        try (SyslogSender sender = SyslogSender.raw(session(topic, KafkaSyslogKey.PEER_ADDRESS))
                .get(30, TimeUnit.SECONDS)) {
            for (int i = 0; i < n; i++) {
                sender.send("<34>Oct 11 22:14:15 dev3 su: raw " + i).get(30, TimeUnit.SECONDS);
            }
        }
        List<ConsumerRecord<String, String>> records = read(topic, n);
        assertEquals(n, records.size());
        for (int i = 0; i < n; i++) {
            JsonNode json = JSON.readTree(records.get(i).value());
            assertEquals("127.0.0.1", records.get(i).key());
            assertEquals("raw " + i, json.get("message").asText(), records.get(i).value());
            assertEquals("RAW", json.get("beep.syslog.transport").asText(), records.get(i).value());
            assertEquals("Oct 11 22:14:15", json.get("beep.syslog.timestamp").asText(), records.get(i).value());
        }
    }

    @Test
    void aTopicTheBrokerDoesNotHaveIsAnsweredErr451ThenTheResentEntryIsStored() throws Exception {
        String topic = "syslog-created-late-" + UUID.randomUUID();
        SyslogSender sender = device(topic);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> sender.send("<13>Oct 11 22:14:15 dev2 app: first try").get(60, TimeUnit.SECONDS));
        assertEquals(451, assertInstanceOf(BeepErrorException.class, e.getCause()).code(), e.toString());

        createTopic(topic);
        assertEquals(0, endOffset(topic), "nothing was written while the device was refused");
        sender.send("<13>Oct 11 22:14:15 dev2 app: first try").get(60, TimeUnit.SECONDS);
        List<ConsumerRecord<String, String>> records = read(topic, 1);
        assertEquals(1, records.size(), records.toString());
        assertEquals("dev2", records.get(0).key());
        assertTrue(records.get(0).value().contains("\"message\":\"first try\""), records.get(0).value());
    }
}
