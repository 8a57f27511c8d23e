package io.beepkit.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One table per benchmark method of a JMH result file ({@code -rf json}): a row per parameter set with the score, its
 * 99.9 % interval, a bar against the best score of the table and, for sampled latencies, the median and p99. Under
 * the tables, the command that reproduces the file's runs, rebuilt from the iterations, forks and parameters it
 * records.
 */
final class JmhTable {
    private final String file;
    private final List<Map<String, Object>> results;
    private final Map<String, Set<String>> only;

    /**
     * @param file the result file as the page names it (relative to the repository's root)
     * @param results the file's entries
     * @param only parameter values to keep (a parameter not named here keeps all its values; a row without the
     *     parameter is kept)
     */
    JmhTable(String file, List<Map<String, Object>> results, Map<String, Set<String>> only) {
        this.file = file;
        this.results = results;
        this.only = only;
    }

    /** The tables and commands, in Markdown. */
    List<String> render() {
        Map<String, List<Map<String, Object>>> byMethod = new LinkedHashMap<>();
        for (Map<String, Object> result : results) {
            byMethod.computeIfAbsent((String) result.get("benchmark"), k -> new ArrayList<>()).add(result);
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<Map<String, Object>>> method : byMethod.entrySet()) {
            List<Map<String, Object>> kept = method.getValue().stream().filter(this::wanted).toList();
            if (kept.isEmpty()) {
                continue;
            }
            out.addAll(table(shortName(method.getKey()), kept));
            out.add("");
        }
        out.add("```sh");
        out.add(command(byMethod.keySet()));
        out.add("```");
        return out;
    }

    private List<String> table(String method, List<Map<String, Object>> kept) {
        List<String> varying = varyingParams(kept);
        boolean sampled = "sample".equals(kept.get(0).get("mode"));
        double best = kept.stream().mapToDouble(r -> Json.number(metric(r).get("score"))).max().orElse(0);
        String unit = (String) metric(kept.get(0)).get("scoreUnit");
        List<String> out = new ArrayList<>();
        StringBuilder head = new StringBuilder("| `" + method + "` |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String param : varying) {
            head.append(' ').append(param).append(" |");
            rule.append("---|");
        }
        head.append(' ').append(sampled ? "mean" : "score").append(" (").append(unit).append(", ± 99.9 %) |");
        rule.append("---:|");
        if (sampled) {
            head.append(" p50 | p99 |");
            rule.append("---:|---:|");
        }
        head.append(" |");
        rule.append("---|");
        out.add(head.toString());
        out.add(rule.toString());
        for (Map<String, Object> result : kept) {
            Map<String, Object> metric = metric(result);
            double score = Json.number(metric.get("score"));
            StringBuilder row = new StringBuilder("| |");
            for (String param : varying) {
                row.append(' ').append(params(result).get(param)).append(" |");
            }
            row.append(' ').append(Figures.score(score, Json.number(metric.get("scoreError")))).append(" |");
            if (sampled) {
                row.append(' ').append(Figures.number(percentile(metric, "50.0"))).append(" |")
                        .append(' ').append(Figures.number(percentile(metric, "99.0"))).append(" |");
            }
            row.append(' ').append(Figures.bar(score, best)).append(" |");
            out.add(row.toString());
        }
        return out;
    }

    private boolean wanted(Map<String, Object> result) {
        Map<String, String> params = params(result);
        for (Map.Entry<String, Set<String>> keep : only.entrySet()) {
            String value = params.get(keep.getKey());
            if (value != null && !keep.getValue().contains(value)) {
                return false;
            }
        }
        return true;
    }

    /** Parameters whose value differs between the rows: the only ones worth a column. */
    private static List<String> varyingParams(List<Map<String, Object>> rows) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (Map<String, Object> row : rows) {
            params(row).forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
        }
        return values.entrySet().stream().filter(e -> e.getValue().size() > 1).map(Map.Entry::getKey).toList();
    }

    /** The JMH command line for every run the file holds, written to the same file. */
    private String command(Set<String> benchmarks) {
        Map<String, Object> first = results.get(0);
        Map<String, Set<String>> values = new TreeMap<>();
        for (Map<String, Object> row : results) {
            params(row).forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
        }
        StringBuilder cmd = new StringBuilder("java -jar beep-bench/target/benchmarks.jar '");
        cmd.append(String.join("|", benchmarks.stream().map(b -> shortName(b).replace(".", "\\.") + "$").toList()))
                .append('\'');
        values.forEach((k, v) -> cmd.append(" \\\n    -p ").append(k).append('=').append(String.join(",", v)));
        cmd.append(" \\\n    -wi ").append(count(first.get("warmupIterations")))
                .append(" -w ").append(seconds(first.get("warmupTime")))
                .append(" -i ").append(count(first.get("measurementIterations")))
                .append(" -r ").append(seconds(first.get("measurementTime")))
                .append(" -f ").append(count(first.get("forks")))
                .append(" -rf json -rff ").append(file);
        return cmd.toString();
    }

    private static String shortName(String benchmark) {
        String[] parts = benchmark.split("\\.");
        return parts.length < 2 ? benchmark : parts[parts.length - 2] + "." + parts[parts.length - 1];
    }

    private static String count(Object value) {
        return Long.toString(Math.round(Json.number(value)));
    }

    /** JMH writes times as {@code "2 s"}; the command line takes {@code 2s}. */
    private static String seconds(Object value) {
        return String.valueOf(value).replace(" ", "");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> metric(Map<String, Object> result) {
        return (Map<String, Object>) result.get("primaryMetric");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> params(Map<String, Object> result) {
        Object params = result.get("params");
        return params instanceof Map ? (Map<String, String>) params : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static double percentile(Map<String, Object> metric, String which) {
        Object percentiles = metric.get("scorePercentiles");
        return percentiles instanceof Map ? Json.number(((Map<String, Object>) percentiles).get(which)) : Double.NaN;
    }
}
