package io.beepkit.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles snippets, each alone as a whole compilation unit, with the JDK's compiler against a class path, and
 * describes each error by the Markdown file and line it comes from.
 */
final class SnippetCompiler implements AutoCloseable {

    private final JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    private final StandardJavaFileManager files;
    private final String classPath;
    private final Path output;

    /** A compiler against {@code classPath} (a path-separated list) that writes class files under {@code output}. */
    SnippetCompiler(String classPath, Path output) {
        if (compiler == null) {
            throw new IllegalStateException("no system Java compiler: run the tests on a JDK, not a JRE");
        }
        this.files = compiler.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        this.classPath = classPath;
        this.output = output;
    }

    /** The class path of the running tests: that of Surefire's class loader, or else the JVM's. */
    static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    /**
     * Compiles {@code snippet}; returns one line per error, {@code file:line: message} with the line of the
     * Markdown file, empty when it compiles.
     */
    List<String> errors(JavaSnippet snippet) {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path classes = classesFor(snippet);
        List<String> options = List.of("--release", "17", "-proc:none", "-implicit:none",
                "-classpath", classPath, "-d", classes.toString());
        JavaFileObject unit = new Source(snippet);
        boolean compiled = compiler.getTask(null, files, diagnostics, options, null, List.of(unit)).call();
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                errors.add(snippet.file() + ":" + snippet.markdownLine(Math.max(d.getLineNumber(), 1)) + ": "
                        + d.getMessage(Locale.ROOT));
            }
        }
        if (!compiled && errors.isEmpty()) {
            errors.add(snippet + ": javac failed without an error message");
        }
        return errors;
    }

    private Path classesFor(JavaSnippet snippet) {
        try {
            String name = snippet.file().replaceAll("[^A-Za-z0-9]", "_") + "_" + snippet.fenceLine();
            return Files.createDirectories(output.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        files.close();
    }

    /** A snippet as javac reads it, named after its public type. */
    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(JavaSnippet snippet) {
            super(URI.create("string:///" + snippet.fileName()), Kind.SOURCE);
            this.text = snippet.source();
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
