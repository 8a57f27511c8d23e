package io.beepkit.cli;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the distribution's bash completion script and man page sources (AsciiDoc) from the tool's whole command
 * model, {@link BeepCli#newCommandLine()}. The generators' own mains read a class's annotations, and the tool adds its
 * subcommands in code (so that a short command builds only its own model), so they would see no subcommands. Run by
 * the build in {@code prepare-package}; {@code DistributionIT} checks what it wrote.
 */
public final class DistributionDocs {
    private DistributionDocs() {
    }

    /** Arguments: the completion script's path, the folder for the man pages' AsciiDoc. */
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: DistributionDocs COMPLETION-SCRIPT MAN-ADOC-DIR");
        }
        CommandLine beep = BeepCli.newCommandLine();
        Path completion = Path.of(args[0]);
        Files.createDirectories(completion.toAbsolutePath().getParent());
        Files.writeString(completion, AutoComplete.bash("beep", beep), StandardCharsets.UTF_8);
        Path manDir = Path.of(args[1]);
        Files.createDirectories(manDir);
        int code = ManPageGenerator.generateManPage(manDir.toFile(), null, new boolean[0], true,
                beep.getCommandSpec());
        if (code != 0) {
            throw new IllegalStateException("man page generator failed with exit code " + code);
        }
    }
}
