package io.beepkit.bench.report;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The committed benchmarks page is what its template and the committed result files give. */
class ResultsPageTest {
    /** Tests run in beep-bench; the template names files from the repository's root. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    @DisplayName("docs/benchmarks.md matches the page generated from the committed JSON")
    void committedPageIsCurrent() throws Exception {
        String generated = new ResultsPage(ROOT).render();
        String committed = Files.readString(ROOT.resolve(ResultsPage.PAGE), StandardCharsets.UTF_8);
        assertEquals(committed, generated, "run ResultsPage (see the head of docs/benchmarks.md) and commit the page");
        assertTrue(generated.lines().count() <= 400, "the page of current results stays short");
    }

    @Test
    @DisplayName("an include marker copies a harness's Markdown file without its title")
    void includeCopiesAMarkdownFileWithoutItsTitle(@TempDir Path root) throws Exception {
        Path template = root.resolve(ResultsPage.TEMPLATE);
        Files.createDirectories(template.getParent());
        Files.writeString(template, "# Page\n\nbefore\n<!-- include run/headline.md -->\nafter\n");
        Files.createDirectories(root.resolve("run"));
        Files.writeString(root.resolve("run/headline.md"), "# Side by side\n\n| a | b |\n|---|---|\n\n");
        assertEquals("# Page\n\nbefore\n| a | b |\n|---|---|\nafter\n", new ResultsPage(root).render());
    }

    @Test
    @DisplayName("JMH's JSON: nested members, arrays, and NaN written as a string")
    void readsJmhJson() {
        Object parsed = Json.parse("[{\"benchmark\":\"a.B.c\",\"params\":{\"size\":\"64\"},"
                + "\"primaryMetric\":{\"score\":1.5E3,\"scoreError\":\"NaN\",\"scoreUnit\":\"ops/s\"}}]");
        Map<?, ?> result = (Map<?, ?>) ((List<?>) parsed).get(0);
        Map<?, ?> metric = (Map<?, ?>) result.get("primaryMetric");
        assertEquals(1500.0, Json.number(metric.get("score")));
        assertTrue(Double.isNaN(Json.number(metric.get("scoreError"))));
        assertEquals("64", ((Map<?, ?>) result.get("params")).get("size"));
    }

    @Test
    @DisplayName("figures grouped by thousands, three digits below 100, bars in eighths")
    void writesFiguresAndBars() {
        assertEquals("21 759 ± 5 516", Figures.score(21_759.4, 5_516.2));
        assertEquals("1 589", Figures.score(1_589.0, Double.NaN));
        assertEquals("0.0557", Figures.number(0.05571));
        assertEquals("█".repeat(20), Figures.bar(10, 10));
        assertEquals("██████████", Figures.bar(5, 10));
        assertEquals("▏", Figures.bar(1, 160));
    }
}
