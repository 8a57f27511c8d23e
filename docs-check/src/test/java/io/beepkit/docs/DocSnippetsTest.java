package io.beepkit.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of README.md and docs/*.md compiles, as it is, against the published modules: each is a
 * whole compilation unit (its imports and a class or record), so that a reader can copy it into a project.
 */
class DocSnippetsTest {

    @TempDir
    static Path classes;

    private static SnippetCompiler compiler;

    @BeforeAll
    static void compiler() {
        compiler = new SnippetCompiler(SnippetCompiler.testClassPath(), classes);
    }

    @AfterAll
    static void close() throws IOException {
        compiler.close();
    }

    @TestFactory
    Stream<DynamicTest> everyJavaBlockCompiles() {
        Path root = Path.of(System.getProperty("docs.root", "..")).toAbsolutePath().normalize();
        List<JavaSnippet> snippets = JavaSnippets.documentedUnder(root);
        assertFalse(snippets.isEmpty(), "no ```java block found under " + root);
        return snippets.stream().map(s -> DynamicTest.dynamicTest(s.toString(), () -> compiles(s)));
    }

    private static void compiles(JavaSnippet snippet) {
        List<String> errors = compiler.errors(snippet);
        if (!errors.isEmpty()) {
            fail("the ```java block at " + snippet + " does not compile (each block is a whole compilation unit:"
                    + " its imports and a class or record; code that is not Java takes another fence language):\n"
                    + String.join("\n", errors));
        }
    }
}
