/**
 * The page of current results, {@code docs/benchmarks.md} ({@link io.beepkit.bench.report.ResultsPage}): tables and
 * bars from the committed JSON of the latest runs (JMH's {@code -rf json}, {@code beep load --json}), each with the
 * command that produced it.
 */
package io.beepkit.bench.report;
