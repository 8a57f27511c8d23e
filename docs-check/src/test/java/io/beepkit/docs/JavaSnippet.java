package io.beepkit.docs;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code ```java} block of a Markdown file: where it is and its text.
 *
 * @param file the Markdown file, relative to the repository's root, as a failure names it
 * @param fenceLine the line (from 1) of the opening {@code ```java} fence
 * @param source the block's text, without the fences
 */
record JavaSnippet(String file, int fenceLine, String source) {

    private static final Pattern PUBLIC_TYPE = Pattern.compile(
            "(?m)^public\\s+(?:(?:final|abstract|sealed|non-sealed)\\s+)*(?:class|record|interface|enum)\\s+(\\w+)");

    /** The name javac requires of the file: that of the public top-level type, or any name without one. */
    String fileName() {
        Matcher type = PUBLIC_TYPE.matcher(source);
        return (type.find() ? type.group(1) : "Snippet") + ".java";
    }

    /** The line of the Markdown file that holds line {@code snippetLine} (from 1) of the block. */
    long markdownLine(long snippetLine) {
        return fenceLine + snippetLine;
    }

    @Override
    public String toString() {
        return file + ":" + fenceLine;
    }
}
