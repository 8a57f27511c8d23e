package io.beepkit.bench;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.beepkit.netty.BeepClient;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * beep-cli and beep-bench use beep-netty as any application would: only the packages its module descriptor exports
 * (the tool and the harnesses run on the class path, where the JVM would not stop them).
 */
@AnalyzeClasses(packages = {"io.beepkit.cli", "io.beepkit.bench"},
        importOptions = ImportOption.DoNotIncludeTests.class)
class ExportedApiOnlyTest {
    static final Set<String> EXPORTED = exportsOf(BeepClient.class);

    @ArchTest
    static final ArchRule onlyExportedPackages = noClasses().should().dependOnClassesThat(
            new DescribedPredicate<JavaClass>("are in a package of beep-netty that its module does not export "
                    + EXPORTED) {
                @Override
                public boolean test(JavaClass c) {
                    String pkg = c.getPackageName();
                    return (pkg.equals("io.beepkit.netty") || pkg.startsWith("io.beepkit.netty."))
                            && !EXPORTED.contains(pkg);
                }
            });

    /** The packages the module descriptor next to {@code member}'s class file exports (a directory or a jar). */
    static Set<String> exportsOf(Class<?> member) {
        try {
            URL location = member.getProtectionDomain().getCodeSource().getLocation();
            Path where = Path.of(location.toURI());
            ModuleDescriptor descriptor;
            if (Files.isDirectory(where)) {
                try (InputStream in = Files.newInputStream(where.resolve("module-info.class"))) {
                    descriptor = ModuleDescriptor.read(in);
                }
            } else {
                try (JarFile jar = new JarFile(where.toFile());
                     InputStream in = jar.getInputStream(jar.getEntry("module-info.class"))) {
                    descriptor = ModuleDescriptor.read(in);
                }
            }
            return descriptor.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source)
                    .collect(Collectors.toUnmodifiableSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
