package io.beepkit.bench;

import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.core.mgmt.ManagementMessage.Greeting;
import io.beepkit.core.mgmt.ManagementMessage.Profile;
import io.beepkit.core.mgmt.ManagementMessage.Start;
import io.beepkit.syslog.internal.CookedEntry;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The reading of channel-0 {@code <start>} and {@code <greeting>} and of a COOKED {@code <entry>} as beepkit did it
 * with the JDK's StAX parser before it had a reader of its own (beep-core's {@code HardenedXml} until then): strict
 * UTF-8 decoding, a pooled factory with DTDs and external entities off, a new {@code XMLStreamReader} per document,
 * the same events walked into the same objects. The baseline {@link ManagementXmlBenchmark} compares against; the
 * refusals of malformed input are left out, as benchmarks parse only well-formed documents.
 */
final class StaxXmlBaseline {
    private static final ConcurrentLinkedQueue<XMLInputFactory> IDLE = new ConcurrentLinkedQueue<>();

    private StaxXmlBaseline() {
    }

    private static XMLInputFactory borrow() {
        XMLInputFactory f = IDLE.poll();
        if (f != null) {
            return f;
        }
        f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        return f;
    }

    @FunctionalInterface
    private interface Root<T> {
        T read(XMLStreamReader r) throws XMLStreamException;
    }

    private static <T> T parse(String text, Root<T> root) throws XMLStreamException {
        XMLInputFactory factory = borrow();
        XMLStreamReader r = factory.createXMLStreamReader(new StringReader(text));
        try {
            T result = null;
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    result = root.read(r);
                } else if (event == XMLStreamConstants.DTD || event == XMLStreamConstants.ENTITY_REFERENCE) {
                    throw new IllegalStateException("refused");
                }
            }
            return result;
        } finally {
            r.close();
            IDLE.offer(factory);
        }
    }

    /** A channel-0 {@code <start>} or {@code <greeting>} from its octets. */
    static ManagementMessage management(byte[] xml) throws XMLStreamException, CharacterCodingException {
        String text = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(xml)).toString();
        return parse(text, r -> {
            if ("greeting".equals(r.getLocalName())) {
                String features = r.getAttributeValue(null, "features");
                String localize = r.getAttributeValue(null, "localize");
                List<String> uris = new ArrayList<>();
                for (Profile p : profiles(r)) {
                    uris.add(p.uri());
                }
                return new Greeting(uris, features, localize);
            }
            int number = Integer.parseInt(r.getAttributeValue(null, "number"));
            String serverName = r.getAttributeValue(null, "serverName");
            return new Start(number, serverName, profiles(r));
        });
    }

    private static List<Profile> profiles(XMLStreamReader r) throws XMLStreamException {
        List<Profile> out = new ArrayList<>();
        while (true) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                String uri = r.getAttributeValue(null, "uri");
                String content = text(r);
                out.add(new Profile(uri, content.isBlank() ? null : content, false));
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                return out;
            }
        }
    }

    private static String text(XMLStreamReader r) throws XMLStreamException {
        StringBuilder sb = new StringBuilder();
        while (true) {
            int event = r.next();
            if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA
                    || event == XMLStreamConstants.SPACE) {
                sb.append(r.getText());
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                return sb.toString();
            }
        }
    }

    /** A COOKED {@code <entry>}. */
    static CookedEntry entry(String xml) throws XMLStreamException {
        return parse(xml, r -> {
            Map<String, String> a = new LinkedHashMap<>();
            for (int i = 0; i < r.getAttributeCount(); i++) {
                a.put(r.getAttributeLocalName(i), r.getAttributeValue(i));
            }
            String facility = a.get("facility");
            String severity = a.get("severity");
            return new CookedEntry(facility == null ? 1 : Integer.parseInt(facility),
                    severity == null ? 5 : Integer.parseInt(severity), a.get("timestamp"), a.get("hostname"),
                    a.get("tag"), a.get("deviceFQDN"), a.get("deviceIP"), a.get("pathID"), text(r));
        });
    }
}
