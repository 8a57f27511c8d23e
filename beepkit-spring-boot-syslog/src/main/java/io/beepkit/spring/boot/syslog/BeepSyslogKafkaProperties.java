package io.beepkit.spring.boot.syslog;

import io.beepkit.syslog.kafka.KafkaSyslogSink;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code beep.syslog.kafka.*} properties, read with {@code beep.syslog.sink=kafka}: the topic, the record key and
 * producer properties that apply to the syslog sink only (over the {@code spring.kafka.*} ones).
 */
@ConfigurationProperties("beep.syslog.kafka")
public class BeepSyslogKafkaProperties {
    /** The topic every syslog message is written to; required with beep.syslog.sink=kafka, no default. */
    private String topic;
    /** The record key: device-host (the message's host name, else the COOKED deviceFQDN, else the peer's address) or peer-address. */
    private Key key = Key.DEVICE_HOST;
    /**
     * How long closing the sink at shutdown waits for buffered records to be acknowledged; by default the library's,
     * KafkaSyslogSink.DEFAULT_CLOSE_TIMEOUT.
     */
    private Duration closeTimeout = KafkaSyslogSink.DEFAULT_CLOSE_TIMEOUT;
    /**
     * Producer properties (Kafka's names) for the syslog sink only, over spring.kafka.properties and
     * spring.kafka.producer.*; by default none.
     */
    private Map<String, String> properties = new LinkedHashMap<>();

    /** What a record's key is. */
    public enum Key {
        /** The message's host name, else the COOKED deviceFQDN, else the peer's address. */
        DEVICE_HOST,
        /** The peer's IP address. */
        PEER_ADDRESS
    }

    /** @return the topic, or null when unset */
    public String getTopic() { return topic; }
    /** @param topic the topic every message is written to */
    public void setTopic(String topic) { this.topic = topic; }
    /** @return the record key */
    public Key getKey() { return key; }
    /** @param key the record key */
    public void setKey(Key key) { this.key = key; }
    /** @return how long closing waits for buffered records */
    public Duration getCloseTimeout() { return closeTimeout; }
    /** @param closeTimeout how long closing waits for buffered records */
    public void setCloseTimeout(Duration closeTimeout) { this.closeTimeout = closeTimeout; }
    /** @return producer properties for the sink only */
    public Map<String, String> getProperties() { return properties; }
    /** @param properties producer properties for the sink only */
    public void setProperties(Map<String, String> properties) { this.properties = properties; }
}
