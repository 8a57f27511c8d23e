package io.beepkit.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One table of {@code beep load --json} result files, a row per file: messages per second of the main flow with a bar
 * against the best row, its latency percentiles, errors. Under the table, each row's settings as {@code beep load}
 * recorded them in the file (its {@code command} member).
 */
final class LoadTable {
    private final List<String> files;
    private final List<Map<String, Object>> results;

    /**
     * @param files the result files as the page names them (relative to the repository's root)
     * @param results each file's object, in the same order
     */
    LoadTable(List<String> files, List<Map<String, Object>> results) {
        this.files = files;
        this.results = results;
    }

    /** The table and the settings, in Markdown. */
    List<String> render() {
        double best = results.stream().mapToDouble(LoadTable::rate).max().orElse(0);
        List<String> out = new ArrayList<>();
        out.add("| `beep load` run | msgs/s | p50 (ms) | p99 (ms) | p99.9 (ms) | errors | |");
        out.add("|---|---:|---:|---:|---:|---:|---|");
        for (int i = 0; i < files.size(); i++) {
            Map<String, Object> result = results.get(i);
            Map<String, Object> latency = latency(result);
            out.add("| " + link(files.get(i)) + " | " + Figures.number(rate(result))
                    + " | " + Figures.number(Json.number(latency.get("p50")))
                    + " | " + Figures.number(Json.number(latency.get("p99")))
                    + " | " + Figures.number(Json.number(latency.get("p999")))
                    + " | " + Figures.number(Json.number(result.get("errors")))
                    + " | " + Figures.bar(rate(result), best) + " |");
        }
        out.add("");
        out.add("Settings of each run, as `beep load` recorded them in its `--json` file:");
        out.add("");
        out.add("```text");
        for (int i = 0; i < files.size(); i++) {
            out.add(name(files.get(i)) + ": beep " + results.get(i).get("command"));
        }
        out.add("```");
        return out;
    }

    /** The main flow's rate, or the answered messages over the run's seconds where the file has no flows. */
    private static double rate(Map<String, Object> result) {
        Map<String, Object> flow = mainFlow(result);
        if (flow != null) {
            return Json.number(flow.get("msgs_per_s"));
        }
        return Json.number(result.get("answered")) / Json.number(result.get("seconds"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> latency(Map<String, Object> result) {
        Map<String, Object> flow = mainFlow(result);
        Object latency = flow == null ? null : flow.get("latency_ms");
        return latency instanceof Map ? (Map<String, Object>) latency : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mainFlow(Map<String, Object> result) {
        Object flows = result.get("flows");
        if (flows instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map) {
            return (Map<String, Object>) list.get(0);
        }
        return null;
    }

    private static String name(String file) {
        return file.substring(file.lastIndexOf('/') + 1).replace(".json", "");
    }

    private static String link(String file) {
        return "[" + name(file) + "](../" + file + ")";
    }
}
