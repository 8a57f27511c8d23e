package io.beepkit.bench.kafka;

import io.beepkit.bench.ChildJvm;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Uuid;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Kafka broker (Maven Central's {@code kafka_2.13}, main class {@code kafka.Kafka}) in KRaft combined mode,
 * one node that is both controller and broker, listening on 127.0.0.1 only, run as a child JVM so that it can be
 * stopped and started again on the same port with the same log directory. Topics are created only on request.
 */
final class KafkaBroker implements AutoCloseable {
    /**
     * A cold broker JVM on a loaded 2-core machine takes seconds; this bounds waiting for it. 90 s was too short for
     * three of four soak runs beside other builds (load average 30 to 40 on 2 cores).
     */
    private static final long READY_SECONDS = 240;

    private final Path dir;
    private final Path properties;
    private final int port;
    private final List<String> jvmOptions;
    private ChildJvm jvm;
    private Admin admin;

    private KafkaBroker(Path dir, Path properties, int port, List<String> jvmOptions) {
        this.dir = dir;
        this.properties = properties;
        this.port = port;
        this.jvmOptions = jvmOptions;
    }

    /**
     * Writes {@code server.properties} under {@code dir}, formats the log directory (Kafka's storage tool, a child
     * JVM too) and starts the broker; returns once it answers an admin client.
     */
    static KafkaBroker start(Path dir, List<String> jvmOptions) throws Exception {
        int port = RestartablePorts.next();
        int controllerPort = RestartablePorts.next();
        Path props = dir.resolve("server.properties");
        Files.writeString(props, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "log.dirs=" + dir.resolve("data").toAbsolutePath(),
                "num.partitions=1",
                "auto.create.topics.enable=false",
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                ""), StandardCharsets.UTF_8);
        Path log = dir.resolve("broker.log");
        ChildJvm format = ChildJvm.start(List.of("-Xmx128m"), "kafka.tools.StorageTool",
                List.of("format", "-t", Uuid.randomUuid().toString(), "-c", props.toString()), log, l -> { });
        int code = format.await(READY_SECONDS);
        if (code != 0) {
            format.close();
            throw new IllegalStateException("kafka-storage format exited " + code + ": " + format.logTail(4000));
        }
        KafkaBroker broker = new KafkaBroker(dir, props, port, jvmOptions);
        broker.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000",
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "10000"));
        broker.startProcess();
        return broker;
    }

    /** {@code 127.0.0.1:port}, the same across restarts. */
    String bootstrap() {
        return "127.0.0.1:" + port;
    }

    Admin admin() {
        return admin;
    }

    /** Starts the broker JVM on the same port and data, and waits until it serves requests. */
    void startProcess() throws Exception {
        if (jvm != null && jvm.isAlive()) {
            throw new IllegalStateException("the broker is running (pid " + jvm.pid() + ")");
        }
        jvm = ChildJvm.start(jvmOptions, "kafka.Kafka", List.of(properties.toString()), dir.resolve("broker.log"),
                l -> { });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
        while (true) {
            if (!jvm.isAlive()) {
                throw new IllegalStateException("the broker exited: " + jvm.logTail(4000));
            }
            try {
                if (!admin.describeCluster().nodes().get(10, TimeUnit.SECONDS).isEmpty()) {
                    return;
                }
            } catch (Exception notYet) {
                if (System.nanoTime() > deadline) {
                    jvm.close(); // not left running: a failed start before start() returns has no owner to stop it
                    throw new IllegalStateException("the broker did not come up in " + READY_SECONDS + " s: "
                            + jvm.logTail(4000), notYet);
                }
            }
            Thread.sleep(200);
        }
    }

    /** Stops the broker cleanly (SIGTERM: controlled shutdown, logs closed), SIGKILL if it takes over 60 s. */
    void stopProcess() throws InterruptedException {
        jvm.stop(60);
    }

    /** Creates {@code topic} with {@code partitions} partitions and waits until each has a leader. */
    void createTopic(String topic, int partitions) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(60, TimeUnit.SECONDS);
        awaitLeaders(topic);
    }

    /** Waits until every partition of {@code topic} has a leader (after a start or restart). */
    void awaitLeaders(String topic) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
        while (true) {
            try {
                TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS)
                        .get(topic);
                if (d.partitions().stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty())) {
                    return;
                }
            } catch (Exception notYet) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("topic " + topic + " has no leader after " + READY_SECONDS
                            + " s", notYet);
                }
            }
            Thread.sleep(200);
        }
    }

    /** Closes the admin client and stops the broker (SIGTERM, SIGKILL after 30 s). */
    @Override
    public void close() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
        if (jvm != null) {
            try {
                jvm.stop(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                jvm.close();
            }
        }
    }
}
