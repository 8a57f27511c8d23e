package io.beepkit.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The installable archives (src/assembly/dist.xml), run by failsafe after {@code package}: each is unpacked into an
 * empty folder and its launcher run with nothing on the PATH but the JDK and the two tools the launcher calls
 * (dirname, readlink); the bash completion is loaded into bash and asked to complete {@code beep <TAB>}.
 */
class DistributionIT {
    private static final Set<String> SUBCOMMANDS = Set.of("serve", "call", "load", "demo", "syslog", "help");

    private static Path target;
    private static String name;
    private static Path jdk;

    @TempDir
    Path dir;

    @BeforeAll
    static void locate() {
        target = Paths.get(System.getProperty("beep.dist.dir", "target"));
        name = System.getProperty("beep.dist.name");
        jdk = Paths.get(System.getProperty("java.home"));
        assertTrue(name != null, "beep.dist.name is set by the failsafe configuration");
    }

    @ParameterizedTest
    @ValueSource(strings = {"zip", "tar.gz"})
    void unpackedArchiveRunsVersionAndDemo(String format) throws Exception {
        Path home = unpack(format);
        for (String file : List.of("bin/beep", "lib/beep.jar", "LICENSE", "share/bash-completion/completions/beep",
                "share/man/man1/beep.1", "share/man/man1/beep-demo.1", "share/man/man1/beep-syslog-receive.1")) {
            assertTrue(Files.isRegularFile(home.resolve(file)), file + " in the " + format + " archive");
        }
        assertTrue(Files.isExecutable(home.resolve("bin/beep")), "bin/beep is executable");
        assertTrue(Files.readString(home.resolve("share/man/man1/beep.1")).contains(".TH \"BEEP\" \"1\""),
                "beep.1 is a roff man page");

        Map<String, String> jdkOnPath = Map.of("PATH", tools() + ":" + jdk.resolve("bin"));
        Result version = run(home, jdkOnPath, "bin/beep", "--version");
        assertEquals(0, version.code, version.toString());
        assertTrue(version.out.startsWith("beep " + name.substring("beep-".length()) + " "), version.toString());

        Result demo = run(home, jdkOnPath, "bin/beep", "demo", "--duration", "2s");
        assertEquals(0, demo.code, demo.toString());
        for (String profile : List.of("legacy", "efficient", "default")) {
            assertTrue(demo.out.lines().anyMatch(l -> l.trim().startsWith(profile + " ")), demo.toString());
        }
    }

    @Test
    void launcherTakesJavaFromJavaHomeAndSaysWhenThereIsNone() throws Exception {
        Path home = unpack("tar.gz");
        Result viaJavaHome = run(home, Map.of("PATH", tools(), "JAVA_HOME", jdk.toString()), "bin/beep", "--version");
        assertEquals(0, viaJavaHome.code, viaJavaHome.toString());

        Result none = run(home, Map.of("PATH", tools()), "bin/beep", "--version");
        assertEquals(1, none.code, none.toString());
        assertTrue(none.err.contains("no java found"), none.toString());
    }

    @Test
    void bashCompletionListsTheSubcommands() throws Exception {
        Path completion = unpack("tar.gz").resolve("share/bash-completion/completions/beep");
        Result registered = bash(completion, "complete -p beep");
        assertEquals(0, registered.code, registered.toString());
        assertTrue(registered.out.matches("(?s)complete .*-F \\S+ .*beep\\s*"), registered.toString());

        assertEquals(SUBCOMMANDS, complete(completion, "beep", ""));
        assertEquals(Set.of("syslog"), complete(completion, "beep", "sy"));
        assertEquals(Set.of("receive", "send"), complete(completion, "beep", "syslog", ""));
    }

    /** The words bash offers for the last word of {@code words}, as its completion function computes them. */
    private Set<String> complete(Path completion, String... words) throws Exception {
        String line = String.join(" ", words);
        String script = "function=$(complete -p beep | sed -E 's/.*-F ([^ ]+).*/\\1/')\n"
                + "COMP_WORDS=(" + Arrays.stream(words).map(w -> "'" + w + "'").reduce((a, b) -> a + " " + b).get() + ")\n"
                + "COMP_CWORD=" + (words.length - 1) + "\n"
                + "COMP_LINE='" + line + "'\nCOMP_POINT=" + line.length() + "\n"
                + "\"$function\" beep '" + words[words.length - 1] + "' '" + words[words.length - 2] + "'\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"";
        Result r = bash(completion, script);
        assertEquals(0, r.code, r.toString());
        return new TreeSet<>(r.out.lines().map(String::trim).filter(s -> !s.isEmpty()).toList());
    }

    private Result bash(Path completion, String script) throws Exception {
        return run(dir, Map.of("PATH", "/usr/bin:/bin"), "bash", "-c", "source \"$0\"\n" + script,
                completion.toString());
    }

    private Path unpack(String format) throws Exception {
        Path into = Files.createDirectories(dir.resolve(format));
        assertEquals(List.of(), listing(into), "an empty folder");
        Path archive = target.resolve(name + "." + format).toAbsolutePath();
        Result r = format.equals("zip")
                ? run(into, Map.of("PATH", "/usr/bin:/bin"), "unzip", "-q", archive.toString())
                : run(into, Map.of("PATH", "/usr/bin:/bin"), "tar", "-xzf", archive.toString());
        assertEquals(0, r.code, r.toString());
        assertEquals(List.of(name), listing(into), "one top-level folder");
        return into.resolve(name);
    }

    /** A folder holding only links to the tools bin/beep runs besides java. */
    private String tools() throws IOException {
        Path tools = dir.resolve("tools");
        if (!Files.isDirectory(tools)) {
            Files.createDirectories(tools);
            for (String tool : List.of("dirname", "readlink")) {
                Path found = Files.isExecutable(Paths.get("/usr/bin", tool)) ? Paths.get("/usr/bin", tool)
                        : Paths.get("/bin", tool);
                Files.createSymbolicLink(tools.resolve(tool), found);
            }
        }
        return tools.toString();
    }

    private static List<String> listing(Path folder) throws IOException {
        try (var files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static Result run(Path cwd, Map<String, String> env, String... command) throws Exception {
        List<String> cmd = new ArrayList<>(Arrays.asList(command));
        if (cmd.get(0).startsWith("bin/")) {
            cmd.set(0, cwd.resolve(cmd.get(0)).toString());
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile());
        Map<String, String> environment = pb.environment();
        Map<String, String> keep = new HashMap<>(env);
        environment.clear();
        environment.putAll(keep);
        Path out = Files.createTempFile("beep-dist", ".out");
        Path err = Files.createTempFile("beep-dist", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError(cmd + " still running after 120 s");
            }
            return new Result(String.join(" ", cmd), p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private record Result(String command, int code, String out, String err) {
        @Override
        public String toString() {
            return command + " -> exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
