package io.beepkit.test;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Runs an example test class through JUnit's test kit, so that a test can look at what happened around it. The
 * example classes carry {@code @ExtendWith(Examples.class)}, which disables them anywhere else (a build selecting
 * tests by name would otherwise run them on their own).
 */
final class Examples implements ExecutionCondition {
    private static final String PARAMETER = "beepkit.test.example";

    static EngineExecutionResults run(Class<?> example) {
        return EngineTestKit.engine("junit-jupiter").configurationParameter(PARAMETER, "true")
                .selectors(DiscoverySelectors.selectClass(example)).execute();
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return context.getConfigurationParameter(PARAMETER).isPresent()
                ? ConditionEvaluationResult.enabled("run as an example")
                : ConditionEvaluationResult.disabled("an example, run only by the test that examines it");
    }
}
