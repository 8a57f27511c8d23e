package io.beepkit.spring.boot.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a {@link MissingDependencyException} into Spring Boot's start-up report: the sentence naming what needs the
 * artifact, and the action of adding it. Registered in {@code META-INF/spring.factories}.
 */
public final class MissingDependencyFailureAnalyzer extends AbstractFailureAnalyzer<MissingDependencyException> {
    /** Made by Spring Boot's failure reporting. */
    public MissingDependencyFailureAnalyzer() {
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingDependencyException cause) {
        return new FailureAnalysis(cause.getMessage(), "Add " + cause.artifact()
                + " to the application's dependencies (its version comes from io.beepkit:beepkit-bom or Spring Boot's"
                + " dependency management).", cause);
    }
}
