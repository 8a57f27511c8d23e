package io.beepkit.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Finds the {@code ```java} blocks of the project's documentation: README.md and docs/*.md. */
final class JavaSnippets {

    private JavaSnippets() {
    }

    /** Every {@code ```java} block of README.md and docs/*.md under {@code root}, in file and line order. */
    static List<JavaSnippet> documentedUnder(Path root) {
        List<Path> files = new ArrayList<>();
        files.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<JavaSnippet> snippets = new ArrayList<>();
        for (Path file : files) {
            snippets.addAll(in(root.relativize(file).toString(), read(file)));
        }
        return snippets;
    }

    /** The {@code ```java} blocks of one Markdown text; {@code name} is how failures name the file. */
    static List<JavaSnippet> in(String name, List<String> lines) {
        List<JavaSnippet> snippets = new ArrayList<>();
        int fence = -1;
        StringBuilder source = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (fence < 0 && line.strip().equals("```java")) {
                fence = i + 1;
                source.setLength(0);
            } else if (fence >= 0 && line.strip().startsWith("```")) {
                snippets.add(new JavaSnippet(name, fence, source.toString()));
                fence = -1;
            } else if (fence >= 0) {
                source.append(line).append('\n');
            }
        }
        if (fence >= 0) {
            throw new IllegalStateException(name + ":" + fence + ": ```java block without a closing fence");
        }
        return snippets;
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
