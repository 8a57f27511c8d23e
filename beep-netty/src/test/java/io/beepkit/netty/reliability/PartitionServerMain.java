package io.beepkit.netty.reliability;

import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepServer;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The listener of {@link PartitionTest}, run in a child JVM inside the test's network namespace: an echo listener on
 * the address and port given as arguments. Prints {@code READY} once it listens, and stops when its standard input
 * ends, so it never outlives the test's JVM.
 */
public final class PartitionServerMain {
    private PartitionServerMain() {
    }

    /**
     * Runs the listener.
     *
     * @param args the address and the port to listen on
     */
    public static void main(String[] args) throws Exception {
        BeepServer server = BeepServer.builder().bind(args[0], Integer.parseInt(args[1]))
                .profile(StandardProfiles.ECHO, (message, responder) -> responder.reply(message.entity())).build();
        server.start().get(30, TimeUnit.SECONDS);
        System.out.println("READY " + server.port());
        System.out.flush();
        try {
            while (System.in.read() >= 0) {
                // nothing to read: waiting for the end of input
            }
        } catch (IOException ignored) {
            // the test's JVM is gone
        }
        server.close();
        System.exit(0);
    }
}
