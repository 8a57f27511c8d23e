package io.beepkit.test;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The lifecycle both extensions share: what they run is opened by the first callback JUnit gives them, before all
 * tests of a class (static field) or before each test (instance field), and closed by the matching "after" callback
 * of that same context. Nested classes and later tests of the class reuse what is already open.
 */
abstract class ScopedExtension implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
    /** The unique id of the context that opened the resources, or null while closed. */
    private volatile @Nullable String scope;

    /** Opens what the extension runs; on failure, closes whatever it had opened and throws. */
    abstract void open() throws Exception;

    /** Closes what {@link #open()} opened; never throws. */
    abstract void close();

    /** The extension's name in messages. */
    abstract String name();

    /**
     * Opens the extension's resources for the test class, when registered in a static field (or an instance field
     * of a {@code PER_CLASS} test class). Called by JUnit.
     */
    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        openFor(context);
    }

    /** Opens the extension's resources for this test unless they are open for its class already. Called by JUnit. */
    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        openFor(context);
    }

    /** Closes the resources opened for this test, if it opened them. Called by JUnit. */
    @Override
    public void afterEach(ExtensionContext context) {
        closeFor(context);
    }

    /** Closes the resources opened for the test class, if it opened them. Called by JUnit. */
    @Override
    public void afterAll(ExtensionContext context) {
        closeFor(context);
    }

    private synchronized void openFor(ExtensionContext context) throws Exception {
        if (scope == null) {
            open();
            scope = context.getUniqueId();
        }
    }

    private synchronized void closeFor(ExtensionContext context) {
        if (context.getUniqueId().equals(scope)) {
            scope = null;
            close();
        }
    }

    /** Throws, naming {@code what} was asked for, unless the extension is open. */
    final void requireOpen(String what) {
        if (scope == null) {
            throw new IllegalStateException(name() + " is not running, so it has no " + what + ": register it with"
                    + " @RegisterExtension and use it inside a test or a @BeforeEach/@AfterEach method (or, in a"
                    + " static field, also @BeforeAll/@AfterAll)");
        }
    }
}
