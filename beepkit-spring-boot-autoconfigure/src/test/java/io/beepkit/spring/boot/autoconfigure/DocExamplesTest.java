package io.beepkit.spring.boot.autoconfigure;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.PropertiesPropertySourceLoader;
import org.springframework.boot.env.PropertySourceLoader;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every YAML and properties example in the Spring Boot guide and the README parses with Spring Boot's own loaders,
 * and every {@code beep.*} key in it is a property the starter knows (bound with unknown keys refused).
 */
class DocExamplesTest {
    /** Properties of the other modules (beepkit-spring-boot-syslog, -logging), whose tests read them. */
    private static final List<ConfigurationPropertyName> OTHER_MODULES = List.of(
            ConfigurationPropertyName.of("beep.syslog"), ConfigurationPropertyName.of("beep.logging"));

    /** A fenced block of a Markdown file: where it starts, its language and its text. */
    record Block(Path file, int line, String language, String text) {
        @Override
        public String toString() {
            return file.getFileName() + " line " + line + " (" + language + ")";
        }
    }

    @TestFactory
    Stream<DynamicTest> everyYamlAndPropertiesExampleLoadsAndNamesKnownProperties() throws IOException {
        List<Block> blocks = new ArrayList<>();
        blocks.addAll(blocks(doc("docs/spring-boot.md")));
        blocks.addAll(blocks(doc("README.md")));
        assertThat(blocks).as("examples found in docs/spring-boot.md").isNotEmpty();
        return blocks.stream().map(b -> DynamicTest.dynamicTest(b.toString(), () -> check(b)));
    }

    static void check(Block block) {
        PropertySourceLoader loader = block.language().equals("properties")
                ? new PropertiesPropertySourceLoader() : new YamlPropertySourceLoader();
        List<PropertySource<?>> sources;
        try {
            sources = loader.load(block.toString(),
                    new ByteArrayResource(block.text().getBytes(StandardCharsets.UTF_8), block.toString()));
        } catch (Exception | LinkageError e) {
            fail(block + " does not parse: " + e.getMessage());
            return;
        }
        List<ConfigurationPropertySource> ours = new ArrayList<>();
        for (ConfigurationPropertySource source : ConfigurationPropertySources.from(sources)) {
            ours.add(source.filter(name -> OTHER_MODULES.stream().noneMatch(other -> other.isAncestorOf(name))));
        }
        try {
            new Binder(ours).bind("beep", Bindable.of(BeepProperties.class),
                    new NoUnboundElementsBindHandler(BindHandler.DEFAULT));
        } catch (RuntimeException e) {
            fail(block + " names a property the starter does not know, or a value it cannot take: "
                    + rootMessage(e));
        }
    }

    /** The fenced blocks of {@code file} whose language is yaml, yml or properties. */
    static List<Block> blocks(Path file) throws IOException {
        List<Block> found = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.startsWith("```")) {
                continue;
            }
            String language = line.substring(3).strip().toLowerCase(Locale.ROOT);
            int start = i + 1;
            StringBuilder text = new StringBuilder();
            for (i = start; i < lines.size() && !lines.get(i).strip().startsWith("```"); i++) {
                text.append(lines.get(i)).append('\n');
            }
            if (language.equals("yaml") || language.equals("yml") || language.equals("properties")) {
                found.add(new Block(file, start, language.equals("yml") ? "yaml" : language, text.toString()));
            }
        }
        return found;
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

    private static String rootMessage(Throwable e) {
        StringBuilder message = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            message.append(" <- ").append(c.getMessage());
        }
        return message.toString();
    }
}
