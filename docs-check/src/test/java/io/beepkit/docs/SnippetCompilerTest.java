package io.beepkit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The check itself: it finds the blocks where they are, and fails, naming file and line, on what does not compile. */
class SnippetCompilerTest {

    @TempDir
    Path classes;

    @Test
    void findsJavaBlocksWithTheLineOfTheirFence() {
        List<JavaSnippet> snippets = JavaSnippets.in("guide.md", List.of(
                "# Guide", "```java", "class A {}", "```", "```sh", "echo", "```", "", "```java", "class B {}", "```"));

        assertEquals(List.of(new JavaSnippet("guide.md", 2, "class A {}\n"),
                new JavaSnippet("guide.md", 9, "class B {}\n")), snippets);
    }

    @Test
    void aWholeUnitAgainstTheModulesCompiles() throws Exception {
        try (SnippetCompiler compiler = new SnippetCompiler(SnippetCompiler.testClassPath(), classes)) {
            List<String> errors = compiler.errors(snippet(
                    "import io.beepkit.netty.BeepServer;",
                    "public class Server {",
                    "    static BeepServer server() { return BeepServer.builder().bind(\"127.0.0.1\", 0).build(); }",
                    "}"));

            assertEquals(List.of(), errors);
        }
    }

    @Test
    void aMethodThatDoesNotExistFailsWithTheMarkdownLine() throws Exception {
        try (SnippetCompiler compiler = new SnippetCompiler(SnippetCompiler.testClassPath(), classes)) {
            List<String> errors = compiler.errors(snippet(
                    "import io.beepkit.netty.BeepServer;",
                    "public class Server {",
                    "    static BeepServer server() { return BeepServer.builder().noSuchSetting(1).build(); }",
                    "}"));

            assertEquals(1, errors.size(), errors.toString());
            assertTrue(errors.get(0).startsWith("docs/guide.md:13: cannot find symbol"), errors.get(0));
            assertTrue(errors.get(0).contains("noSuchSetting"), errors.get(0));
        }
    }

    @Test
    void aFragmentWithoutImportsFails() throws Exception {
        try (SnippetCompiler compiler = new SnippetCompiler(SnippetCompiler.testClassPath(), classes)) {
            List<String> errors = compiler.errors(snippet("BeepServer server = BeepServer.builder().build();"));

            assertTrue(!errors.isEmpty() && errors.get(0).startsWith("docs/guide.md:11: "), errors.toString());
        }
    }

    /** A block whose fence is on line 10 of docs/guide.md: its first line is line 11. */
    private static JavaSnippet snippet(String... lines) {
        return new JavaSnippet("docs/guide.md", 10, String.join("\n", lines) + "\n");
    }
}
