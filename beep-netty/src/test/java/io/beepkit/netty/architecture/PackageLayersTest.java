package io.beepkit.netty.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

import java.util.List;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The house drawn from beep-netty's imports is a one-way stack: each class uses its own layer and the layers below,
 * never one above, so no package cycle can form. {@code io.beepkit.netty} is one exported package holding two floors:
 * its entry points ({@link #FRONT_DOOR}) on top, and its settings and handler types, which the engine reads and which
 * import nothing of it, at the bottom with {@code io.beepkit.netty.tls} and {@code io.beepkit.netty.diagnostics}.
 */
@AnalyzeClasses(packages = "io.beepkit.netty", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageLayersTest {
    private static final String ROOT = "io.beepkit.netty";
    private static final String INTERNAL = ROOT + ".internal";
    /** The classes of {@code io.beepkit.netty} that build on the engine: servers, clients, the reconnecting client. */
    static final Set<String> FRONT_DOOR = Set.of("BeepServer", "BeepClient", "BeepResources", "BeepSessions",
            "ManagedSession", "ManagedChannel", "Connector", "ReconnectPolicy", "ChunkBuffers");
    /** Top to bottom. */
    static final List<String> LAYERS = List.of("front door", INTERNAL + ".pipeline", INTERNAL + ".session",
            INTERNAL + ".mgmt", INTERNAL + ".security", INTERNAL + ".channel", INTERNAL + ".codec", INTERNAL + ".tls",
            INTERNAL, "settings");

    /** The layer of {@code c}: its package, or one of the two floors of the public package. */
    static String layerOf(JavaClass c) {
        String pkg = c.getPackageName();
        if (pkg.equals(ROOT)) {
            String topLevel = c.getName().substring(ROOT.length() + 1).split("\\$")[0];
            return FRONT_DOOR.contains(topLevel) ? "front door" : "settings";
        }
        // Exported packages of values and helpers, importing nothing of the engine, stand on the floor too.
        return pkg.equals(ROOT + ".tls") || pkg.equals(ROOT + ".diagnostics") ? "settings" : pkg;
    }

    private static boolean inBeepNetty(JavaClass c) {
        return c.getPackageName().equals(ROOT) || c.getPackageName().startsWith(ROOT + ".");
    }

    private static final ArchCondition<JavaClass> USE_NO_LAYER_ABOVE =
            new ArchCondition<>("use only their own layer and the layers below it") {
                @Override
                public void check(JavaClass origin, ConditionEvents events) {
                    int mine = LAYERS.indexOf(layerOf(origin));
                    for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                        JavaClass target = d.getTargetClass().getBaseComponentType();
                        if (!inBeepNetty(target)) {
                            continue;
                        }
                        int theirs = LAYERS.indexOf(layerOf(target));
                        if (mine < 0 || theirs < 0 || theirs < mine) {
                            events.add(SimpleConditionEvent.violated(d, d.getDescription() + ": "
                                    + layerOf(origin) + " reaches up to " + layerOf(target)));
                        }
                    }
                }
            };

    /** Every package in {@link #LAYERS}, no arrow up: a new package must be given its place first. */
    @ArchTest
    static final ArchRule noArrowUp = classes().that(new DescribedPredicate<JavaClass>("are in beep-netty") {
        @Override
        public boolean test(JavaClass c) {
            return inBeepNetty(c);
        }
    }).should(USE_NO_LAYER_ABOVE);

    /** The same house seen as slices: no cycle between them, whatever the order above says. */
    @ArchTest
    static final ArchRule noCycle = slices().assignedFrom(new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            return inBeepNetty(c) ? SliceIdentifier.of(layerOf(c)) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "beep-netty's packages, the public one as its front door and its settings";
        }
    }).should().beFreeOfCycles();
}
