package io.beepkit.netty.internal;

/**
 * Fired through the whole pipeline (from its head) once the peer's greeting has been read completely, so handlers in
 * front of the frame decoder, such as the greeting guard, learn that the session is established.
 */
public final class GreetingReceivedEvent {
    /** The only instance: the event carries no data. */
    public static final GreetingReceivedEvent INSTANCE = new GreetingReceivedEvent();

    private GreetingReceivedEvent() {
    }

    @Override
    public String toString() {
        return "GreetingReceivedEvent";
    }
}
