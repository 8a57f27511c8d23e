package io.beepkit.bench;

import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.syslog.internal.CookedEntry;
import io.beepkit.syslog.internal.CookedXml;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import javax.xml.stream.XMLStreamException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The XML a listener reads per channel start and a collector per COOKED line, parsed by beepkit's own reader
 * ({@code HardenedXml}/{@code XmlReader}, through {@code ManagementCodec} and {@code CookedXml}) and, as the
 * baseline in the same run, by the JDK's StAX parser the way beepkit used it before ({@link StaxXmlBaseline}). Time
 * per document; run with {@code -prof gc} for the octets allocated per document ({@code gc.alloc.rate.norm}), the
 * figure that does not depend on how busy the machine is.
 * <ul>
 *     <li>{@code start*}: {@code <start number='1'><profile uri='...'/></start>}, the channel start of a flood;</li>
 *     <li>{@code greeting*}: a greeting offering three profiles;</li>
 *     <li>{@code entry*}: a COOKED {@code <entry>} with five attributes and a line of text; {@code entryShortcut} is
 *     {@code CookedXml.parse}, which reads this common form without an XML parser and leaves every other form to
 *     the reader ({@code entryBeepkit}).</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ManagementXmlBenchmark {
    private final byte[] start = ("<start number='1'><profile uri='http://iana.org/beep/transient/echo'/></start>")
            .getBytes(StandardCharsets.US_ASCII);
    private final byte[] greeting = ("<greeting><profile uri='http://iana.org/beep/TLS'/>"
            + "<profile uri='http://iana.org/beep/SASL/SCRAM-SHA-256'/>"
            + "<profile uri='http://iana.org/beep/transient/echo'/></greeting>").getBytes(StandardCharsets.US_ASCII);
    private final String entry = "<entry facility='16' severity='5' timestamp='Nov 28 14:55:03' hostname='device-7'"
            + " tag='app[4711]'>connection from 192.0.2.7 accepted, session 1841 &amp; counting</entry>";

    /** Channel start, beepkit's reader. */
    @Benchmark
    public ManagementMessage startBeepkit() {
        return ManagementCodec.parse(start);
    }

    /** Channel start, StAX. */
    @Benchmark
    public ManagementMessage startStax() throws XMLStreamException, CharacterCodingException {
        return StaxXmlBaseline.management(start);
    }

    /** Greeting with three profiles, beepkit's reader. */
    @Benchmark
    public ManagementMessage greetingBeepkit() {
        return ManagementCodec.parse(greeting);
    }

    /** Greeting with three profiles, StAX. */
    @Benchmark
    public ManagementMessage greetingStax() throws XMLStreamException, CharacterCodingException {
        return StaxXmlBaseline.management(greeting);
    }

    /** COOKED entry, beepkit's reader. */
    @Benchmark
    public Object entryBeepkit() {
        return CookedXml.parseStrictly(entry);
    }

    /** COOKED entry, the shortcut for its common form. */
    @Benchmark
    public Object entryShortcut() {
        return CookedXml.parse(entry);
    }

    /** COOKED entry, StAX. */
    @Benchmark
    public CookedEntry entryStax() throws XMLStreamException {
        return StaxXmlBaseline.entry(entry);
    }
}
