package io.beepkit.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;

/** How the page writes numbers and draws bars, one way for every table. */
final class Figures {
    private static final String[] EIGHTHS = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};

    /** Width of a full bar, in characters. */
    static final int BAR_WIDTH = 20;

    private Figures() {
    }

    /**
     * A figure as the docs write them: whole numbers from 100 up, grouped by thousands with a space
     * ({@code 21 759}); three significant digits below 100; empty for NaN.
     */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "";
        }
        if (Math.abs(value) >= 100) {
            String digits = Long.toString(Math.round(Math.abs(value)));
            StringBuilder grouped = new StringBuilder();
            for (int i = 0; i < digits.length(); i++) {
                if (i > 0 && (digits.length() - i) % 3 == 0) {
                    grouped.append(' ');
                }
                grouped.append(digits.charAt(i));
            }
            return (value < 0 ? "-" : "") + grouped;
        }
        if (value == 0) {
            return "0";
        }
        return new BigDecimal(value).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** A score and its error as {@code 21 759 ± 5 516}, the error left out when JMH gave none. */
    static String score(double score, double error) {
        String text = number(score);
        return Double.isNaN(error) ? text : text + " ± " + number(error);
    }

    /** A bar of block characters whose length is {@code value / max} of {@link #BAR_WIDTH}, in eighths. */
    static String bar(double value, double max) {
        if (!(max > 0) || !(value > 0)) {
            return "";
        }
        int eighths = (int) Math.round(Math.min(1.0, value / max) * BAR_WIDTH * 8);
        return "█".repeat(eighths / 8) + EIGHTHS[eighths % 8];
    }
}
