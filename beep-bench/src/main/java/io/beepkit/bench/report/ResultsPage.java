package io.beepkit.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes {@code docs/benchmarks.md} from its template, {@code beep-bench/results/page-template.md}, and the result
 * files it names. A template line {@code <!-- jmh FILE [param=v1,v2 ...] -->} becomes the tables of a JMH result file
 * (only the named parameter values, when given) with the command that reproduces it; {@code <!-- load FILE ... -->}
 * becomes one table of {@code beep load --json} files; {@code <!-- include FILE -->} copies a Markdown file a harness
 * wrote (the side-by-side script's headline table), its first heading left out. Every other line is copied. Run from
 * the repository's root:
 * <pre>
 * java -cp beep-bench/target/benchmarks.jar io.beepkit.bench.report.ResultsPage [--check]
 * </pre>
 * With {@code --check} it writes nothing and exits with status 1 if the committed page differs from what it would
 * write.
 */
public final class ResultsPage {
    /** The template, relative to the repository's root. */
    public static final String TEMPLATE = "beep-bench/results/page-template.md";
    /** The page written, relative to the repository's root. */
    public static final String PAGE = "docs/benchmarks.md";

    private static final String MARK_START = "<!-- ";
    private static final String MARK_END = " -->";

    private final Path root;

    /** @param root the repository's root, against which the template's file names are read */
    public ResultsPage(Path root) {
        this.root = root;
    }

    /**
     * Writes the page, or with {@code --check} compares it with the committed one.
     *
     * @param args nothing, or {@code --check}
     * @throws IOException if a file cannot be read or the page cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path root = Path.of("").toAbsolutePath();
        String page = new ResultsPage(root).render();
        Path out = root.resolve(PAGE);
        if (Arrays.asList(args).contains("--check")) {
            String committed = Files.readString(out, StandardCharsets.UTF_8);
            if (!committed.equals(page)) {
                System.err.println(PAGE + " differs from what " + TEMPLATE + " and the result files give");
                System.exit(1);
            }
            System.out.println(PAGE + " is up to date");
            return;
        }
        Files.writeString(out, page, StandardCharsets.UTF_8);
        System.out.println("wrote " + PAGE);
    }

    /**
     * The page as the template and the result files give it.
     *
     * @return the Markdown text of the page
     * @throws IOException if the template or a result file cannot be read
     */
    public String render() throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(root.resolve(TEMPLATE), StandardCharsets.UTF_8)) {
            if (line.startsWith(MARK_START + "jmh ") && line.endsWith(MARK_END)) {
                out.addAll(jmh(words(line)));
            } else if (line.startsWith(MARK_START + "load ") && line.endsWith(MARK_END)) {
                out.addAll(load(words(line)));
            } else if (line.startsWith(MARK_START + "include ") && line.endsWith(MARK_END)) {
                out.addAll(include(words(line).get(0)));
            } else {
                out.add(line);
            }
        }
        return String.join("\n", out) + "\n";
    }

    @SuppressWarnings("unchecked")
    private List<String> jmh(List<String> words) throws IOException {
        String file = words.get(0);
        Map<String, Set<String>> only = new LinkedHashMap<>();
        for (String filter : words.subList(1, words.size())) {
            int eq = filter.indexOf('=');
            only.put(filter.substring(0, eq), new LinkedHashSet<>(List.of(filter.substring(eq + 1).split(","))));
        }
        List<Map<String, Object>> results = (List<Map<String, Object>>) read(file);
        return new JmhTable(file, results, only).render();
    }

    @SuppressWarnings("unchecked")
    private List<String> load(List<String> files) throws IOException {
        List<Map<String, Object>> results = new ArrayList<>();
        for (String file : files) {
            results.add((Map<String, Object>) read(file));
        }
        return new LoadTable(files, results).render();
    }

    /** The lines of a Markdown file, without its first line when that is a top-level heading (the page has one). */
    private List<String> include(String file) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(root.resolve(file), StandardCharsets.UTF_8));
        if (!lines.isEmpty() && lines.get(0).startsWith("# ")) {
            lines.remove(0);
            while (!lines.isEmpty() && lines.get(0).isBlank()) {
                lines.remove(0);
            }
        }
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    private Object read(String file) throws IOException {
        return Json.parse(Files.readString(root.resolve(file), StandardCharsets.UTF_8));
    }

    /** The words of a marker line after its kind: {@code <!-- jmh a b -->} gives {@code [a, b]}. */
    private static List<String> words(String line) {
        String inner = line.substring(MARK_START.length(), line.length() - MARK_END.length()).trim();
        List<String> words = new ArrayList<>(List.of(inner.split("\\s+")));
        words.remove(0);
        return words;
    }
}
