package io.beepkit.core.mgmt;

import io.beepkit.api.BeepProtocolException;
import io.beepkit.core.mgmt.ManagementMessage.Close;
import io.beepkit.core.mgmt.ManagementMessage.Error;
import io.beepkit.core.mgmt.ManagementMessage.Greeting;
import io.beepkit.core.mgmt.ManagementMessage.Ok;
import io.beepkit.core.mgmt.ManagementMessage.Profile;
import io.beepkit.core.mgmt.ManagementMessage.Start;

import io.beepkit.core.LogText;
import io.beepkit.core.xml.HardenedXml;
import io.beepkit.core.xml.XmlReader;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Parses and writes channel-0 XML (RFC 3080 §2.3.1, §6.4). Written XML has no declaration, no DOCTYPE and only the
 * predefined entities (§2.2.2.1). Parsing refuses any DOCTYPE or entity definition (an XXE and entity-expansion guard)
 * and throws {@link BeepProtocolException} for anything malformed or beyond the {@link ManagementLimits}; the caller
 * decides between ERR (a malformed MSG) and terminating (a malformed reply). The octets are decoded as UTF-8 here,
 * strictly, before {@link HardenedXml}'s reader sees them, so every diagnostic is in the exception and reaches the
 * application's log.
 */
public final class ManagementCodec {
    private static final Pattern WHITESPACE = Pattern.compile("[ \\t\\r\\n]+");

    private ManagementCodec() {
    }

    /** Parses the body of a channel-0 message (the XML, after the MIME headers) within the default limits. */
    public static ManagementMessage parse(byte[] xml) {
        return parse(xml, ManagementLimits.DEFAULT);
    }

    /** Parses the body of a channel-0 message (the XML, after the MIME headers) within {@code limits}. */
    public static ManagementMessage parse(byte[] xml, ManagementLimits limits) {
        return HardenedXml.parse(utf8(xml), "channel-0 XML", r -> element(r, xml.length, limits));
    }

    /** Strict UTF-8, a leading byte order mark dropped; invalid octets are a protocol error. */
    private static String utf8(byte[] xml) {
        if (isAscii(xml)) {
            return new String(xml, StandardCharsets.ISO_8859_1); // the usual case: one copy, no decoder
        }
        try {
            String s = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(xml)).toString();
            return s.startsWith("\uFEFF") ? s.substring(1) : s;
        } catch (CharacterCodingException e) {
            throw new BeepProtocolException("channel-0 XML is not valid UTF-8: " + e.getMessage());
        }
    }

    private static boolean isAscii(byte[] xml) {
        for (byte b : xml) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }

    private static ManagementMessage element(XmlReader r, int octets, ManagementLimits limits) {
        String name = r.name();
        switch (name) {
            case "greeting": {
                if (octets > limits.maxGreetingOctets()) {
                    throw new BeepProtocolException("greeting of " + octets + " octets exceeds the limit of "
                            + limits.maxGreetingOctets());
                }
                String features = attr(r, "features");
                String localize = attr(r, "localize");
                List<String> profiles = new ArrayList<>();
                for (Profile p : children(r, "greeting", Integer.MAX_VALUE)) {
                    profiles.add(p.uri());
                }
                return new Greeting(profiles, features, localize);
            }
            case "start": {
                int number = number(r, "number", true);
                String serverName = attr(r, "serverName");
                if (serverName != null && serverName.length() > limits.maxServerNameLength()) {
                    throw new BeepProtocolException("serverName of " + serverName.length()
                            + " characters exceeds the limit of " + limits.maxServerNameLength());
                }
                List<Profile> profiles = children(r, "start", limits.maxProfilesPerStart());
                if (profiles.isEmpty()) {
                    throw new BeepProtocolException("<start> lists no profile");
                }
                return new Start(number, serverName, profiles);
            }
            case "close": {
                String numberAttr = attr(r, "number");
                int number = numberAttr == null ? 0 : parseNumber("number", numberAttr);
                int code = number(r, "code", true);
                String text = text(r);
                return new Close(number, code, text);
            }
            case "ok":
                text(r);
                return new Ok();
            case "error": {
                int code = number(r, "code", true);
                String text = text(r);
                return new Error(code, text);
            }
            case "profile":
                return profile(r);
            default:
                throw new BeepProtocolException("unknown channel-0 element <" + LogText.escape(name, 40) + ">");
        }
    }

    private static Profile profile(XmlReader r) {
        String uri = attr(r, "uri");
        if (uri == null || uri.isEmpty()) {
            throw new BeepProtocolException("<profile> without uri");
        }
        String encoding = attr(r, "encoding");
        boolean base64 = "base64".equals(encoding);
        if (encoding != null && !base64 && !"none".equals(encoding)) {
            throw new BeepProtocolException("unknown profile encoding '" + encoding + "'");
        }
        String content = text(r);
        if (content.isBlank()) {
            content = null;
        } else if (base64) {
            try {
                // Whitespace (line breaks, indentation) may separate base64 lines; any other octet outside the
                // alphabet is an error. The MIME decoder would silently skip such octets and hand the profile
                // garbage or nothing, so whitespace is removed first and the strict decoder used.
                String compact = WHITESPACE.matcher(content).replaceAll("");
                content = new String(Base64.getDecoder().decode(compact), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new BeepProtocolException("invalid base64 in <profile> content");
            }
        }
        return new Profile(uri, content, base64);
    }

    private static List<Profile> children(XmlReader r, String parent, int maxProfiles) {
        List<Profile> out = new ArrayList<>();
        while (true) {
            int ev = r.next();
            if (ev == XmlReader.START_ELEMENT) {
                if (!"profile".equals(r.name())) {
                    throw new BeepProtocolException("unexpected <" + LogText.escape(r.name(), 40) + "> in <" + parent
                            + ">");
                }
                if (out.size() == maxProfiles) {
                    throw new BeepProtocolException("<" + parent + "> offers more than the limit of " + maxProfiles
                            + " profiles");
                }
                out.add(profile(r));
            } else if (ev == XmlReader.END_ELEMENT) {
                return out;
            } else if (!r.isWhiteSpace()) {
                throw new BeepProtocolException("unexpected text in <" + parent + ">");
            }
        }
    }

    /** Reads character content up to the end of the current element; nested elements are an error. */
    private static String text(XmlReader r) {
        String text = r.elementText();
        if (text == null) {
            throw new BeepProtocolException("unexpected <" + LogText.escape(r.name(), 40) + "> inside an element");
        }
        return text;
    }

    private static String attr(XmlReader r, String name) {
        return r.attribute(name);
    }

    private static int number(XmlReader r, String name, boolean required) {
        String v = attr(r, name);
        if (v == null) {
            if (required) {
                throw new BeepProtocolException("<" + r.name() + "> lacks the " + name + " attribute");
            }
            return -1;
        }
        return parseNumber(name, v);
    }

    private static int parseNumber(String name, String v) {
        if (v.isEmpty() || v.length() > 10 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new BeepProtocolException("attribute " + name + "='" + v + "' is not a number");
        }
        long n = Long.parseLong(v);
        if (n > Integer.MAX_VALUE) {
            throw new BeepProtocolException("attribute " + name + "='" + v + "' out of range");
        }
        return (int) n;
    }

    // ------------------------------------------------------------------ writing

    /** Writes a management element as XML text (no declaration, single-quoted attributes). */
    public static String write(ManagementMessage m) {
        StringBuilder sb = new StringBuilder(128);
        if (m instanceof Greeting g) {
            sb.append("<greeting");
            optAttr(sb, "features", g.features());
            if (!"i-default".equals(g.localize())) {
                optAttr(sb, "localize", g.localize());
            }
            if (g.profiles().isEmpty()) {
                sb.append(" />");
            } else {
                sb.append('>');
                for (String uri : g.profiles()) {
                    sb.append("<profile uri='").append(escape(uri)).append("' />");
                }
                sb.append("</greeting>");
            }
        } else if (m instanceof Start s) {
            sb.append("<start number='").append(s.number()).append('\'');
            optAttr(sb, "serverName", s.serverName());
            sb.append('>');
            for (Profile p : s.profiles()) {
                writeProfile(sb, p);
            }
            sb.append("</start>");
        } else if (m instanceof Profile p) {
            writeProfile(sb, p);
        } else if (m instanceof Close c) {
            // Always write number, even 0: the Vortex listener ignores a release without it (INTEROP quirk 6).
            sb.append("<close number='").append(c.number()).append("' code='").append(c.code()).append('\'');
            if (c.diagnostic() == null || c.diagnostic().isEmpty()) {
                sb.append(" />");
            } else {
                sb.append('>').append(escape(c.diagnostic())).append("</close>");
            }
        } else if (m instanceof Ok) {
            sb.append("<ok />");
        } else if (m instanceof Error e) {
            sb.append("<error code='").append(e.code()).append("'>").append(escape(e.diagnostic())).append("</error>");
        }
        return sb.toString();
    }

    private static void writeProfile(StringBuilder sb, Profile p) {
        sb.append("<profile uri='").append(escape(p.uri())).append('\'');
        if (p.content() == null) {
            sb.append(" />");
            return;
        }
        if (p.base64()) {
            sb.append(" encoding='base64'>")
                    .append(Base64.getEncoder().encodeToString(p.content().getBytes(StandardCharsets.UTF_8)));
        } else if (isMarkup(p.content())) {
            // Piggybacked elements (<ready />, <blob>) go in a CDATA section, as in RFC 3080's examples: Vortex reads
            // the profile content without translating entity references, so an escaped <ready /> never matches.
            sb.append("><![CDATA[").append(p.content()).append("]]>");
        } else {
            sb.append('>').append(escape(p.content()));
        }
        sb.append("</profile>");
    }

    private static boolean isMarkup(String content) {
        return content.stripLeading().startsWith("<") && !content.contains("]]>");
    }

    private static void optAttr(StringBuilder sb, String name, String value) {
        if (value != null && !value.isEmpty()) {
            sb.append(' ').append(name).append("='").append(escape(value)).append('\'');
        }
    }

    /** Escapes the five XML specials with the predefined entities only. */
    public static String escape(String s) {
        return HardenedXml.escape(s);
    }
}
