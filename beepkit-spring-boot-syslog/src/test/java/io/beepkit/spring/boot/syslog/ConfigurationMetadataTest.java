package io.beepkit.spring.boot.syslog;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata of this module's
 * {@code beep.syslog.*} properties (generated from the properties classes'
 * field comments, plus {@code additional-spring-configuration-metadata.json}): every property has a description that
 * says its default, and {@code docs/spring-boot.md} names only properties the metadata has and lists every one of them.
 */
class ConfigurationMetadataTest {
    private static final String PREFIX = "beep.syslog.";
    private static final String DOC = "docs/spring-boot.md";

    /** This module's properties by name, read from every metadata file on the class path. */
    private static Map<String, JsonNode> properties() throws Exception {
        Map<String, JsonNode> found = new TreeMap<>();
        Enumeration<URL> files = ConfigurationMetadataTest.class.getClassLoader()
                .getResources("META-INF/spring-configuration-metadata.json");
        while (files.hasMoreElements()) {
            try (InputStream in = files.nextElement().openStream()) {
                for (JsonNode p : JsonMapper.builder().build().readTree(in).path("properties")) {
                    String name = p.get("name").asString();
                    if (name.startsWith(PREFIX)) {
                        found.put(name, p);
                    }
                }
            }
        }
        return found;
    }

    @Test
    void everyPropertyHasADescriptionAndSaysItsDefault() throws Exception {
        Map<String, JsonNode> properties = properties();
        assertThat(properties).as(PREFIX + "* properties in the metadata").isNotEmpty();
        List<String> undescribed = new ArrayList<>();
        List<String> withoutDefault = new ArrayList<>();
        properties.forEach((name, p) -> {
            String description = p.hasNonNull("description") ? p.get("description").asString() : "";
            if (description.isBlank()) {
                undescribed.add(name);
            }
            String words = description.toLowerCase(Locale.ROOT);
            if (!p.has("defaultValue") && !words.contains("unset") && !words.contains("default")
                    && !words.contains("required")) {
                withoutDefault.add(name);
            }
        });
        assertThat(undescribed).as("properties without a description").isEmpty();
        assertThat(withoutDefault).as("properties that say nothing of their default").isEmpty();
    }

    /**
     * The guide's table rows of these properties name only properties the metadata has, and every property is named
     * there: in a row of its own, as a further key of a row ({@code `.key`} or {@code `key`}), or in the text.
     */
    @Test
    void theGuideListsEveryPropertyAndNoOther() throws Exception {
        Map<String, JsonNode> properties = properties();
        String text = Files.readString(doc(DOC));
        List<String> rows = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("| `" + PREFIX)) {
                rows.add(line.substring(0, line.indexOf(" |", 2)));
            }
        }
        Matcher named = Pattern.compile("^\\| `(" + Pattern.quote(PREFIX) + "[a-z0-9.-]+)`").matcher("");
        for (String row : rows) {
            if (named.reset(row).find()) {
                assertThat(properties).as(DOC + " row " + row).containsKey(named.group(1));
            }
        }
        for (String name : properties.keySet()) {
            String key = name.substring(name.lastIndexOf('.') + 1);
            boolean listed = text.contains("`" + name) || rows.stream().anyMatch(r -> r.contains("`" + key + "`")
                    || r.contains("`." + key + "`"));
            assertThat(listed).as(name + " in " + DOC).isTrue();
        }
    }

    /** {@code relative} from the repository root, whether the tests run from it or from this module. */
    static Path doc(String relative) {
        Path here = Path.of("").toAbsolutePath();
        for (Path dir = here; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(relative);
            if (Files.isRegularFile(candidate) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return candidate;
            }
        }
        throw new IllegalStateException(relative + " not found above " + here);
    }
}
