package io.beepkit.spring.boot.autoconfigure;

/**
 * Start-up fails because the configuration asks for something a module missing from the class path provides; the
 * message is one sentence naming the artifact, and {@link MissingDependencyFailureAnalyzer} tells the user to add it.
 */
public final class MissingDependencyException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final String artifact;

    /**
     * @param message  what needs the artifact, in one sentence that names it
     * @param artifact {@code groupId:artifactId} to add
     */
    MissingDependencyException(String message, String artifact) {
        super(message);
        this.artifact = artifact;
    }

    /**
     * @param what   what the configuration asks for, as the start of a sentence
     * @param module the artifactId of the beepkit module that serves it
     * @return the failure: one sentence naming {@code io.beepkit:<module>} as the artifact to add
     */
    static MissingDependencyException module(String what, String module) {
        String artifact = "io.beepkit:" + module;
        return new MissingDependencyException(what + ", and " + module + " is not on the class path: add " + artifact
                + ".", artifact);
    }

    /** @return the artifact to add, {@code groupId:artifactId} */
    public String artifact() {
        return artifact;
    }
}
