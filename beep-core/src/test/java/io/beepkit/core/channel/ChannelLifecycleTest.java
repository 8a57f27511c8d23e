package io.beepkit.core.channel;

import io.beepkit.core.channel.ChannelLifecycle.State;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One channel's life (RFC 3080 §2.3.1.3) as a state machine: every legal transition, every illegal one refused with
 * a message naming both the state the channel is in and the one the transition needs, and the words for each state.
 */
class ChannelLifecycleTest {

    /** A lifecycle brought to {@code s} through legal transitions only. */
    private static ChannelLifecycle in(State s) {
        ChannelLifecycle l = new ChannelLifecycle();
        switch (s) {
            case OPEN -> { }
            case CLOSE_WAIT -> l.closeRequested();
            case CLOSING -> {
                l.closeRequested();
                l.closeSent();
            }
            case CLOSED -> l.closed();
        }
        assertEquals(s, l.state());
        return l;
    }

    private static void assertFlags(ChannelLifecycle l, boolean open, boolean acceptsNew, boolean closingByUs) {
        assertEquals(open, l.isOpen(), "isOpen in " + l.state());
        assertEquals(!open, l.isClosed(), "isClosed in " + l.state());
        assertEquals(acceptsNew, l.acceptsNewMessages(), "acceptsNewMessages in " + l.state());
        assertEquals(closingByUs, l.closingByUs(), "closingByUs in " + l.state());
    }

    @Test
    @DisplayName("a new channel is open and takes new MSGs")
    void startsOpen() {
        ChannelLifecycle l = new ChannelLifecycle();
        assertEquals(State.OPEN, l.state());
        assertFlags(l, true, true, false);
    }

    @Test
    @DisplayName("OPEN -> CLOSE_WAIT -> CLOSING -> CLOSED, the flags following each step")
    void orderlyCloseByUs() {
        ChannelLifecycle l = new ChannelLifecycle();
        l.closeRequested();
        assertEquals(State.CLOSE_WAIT, l.state());
        assertFlags(l, true, false, true);
        l.closeSent();
        assertEquals(State.CLOSING, l.state());
        assertFlags(l, true, false, true);
        l.closed();
        assertEquals(State.CLOSED, l.state());
        assertFlags(l, false, false, false);
    }

    @Test
    @DisplayName("a declined close returns CLOSING to OPEN, and the channel may be asked to close again")
    void declinedCloseReopens() {
        ChannelLifecycle l = in(State.CLOSING);
        l.closeDeclined();
        assertEquals(State.OPEN, l.state());
        assertFlags(l, true, true, false);
        l.closeRequested();
        assertEquals(State.CLOSE_WAIT, l.state());
    }

    @ParameterizedTest
    @EnumSource(State.class)
    @DisplayName("closed() is legal from every state, and stays closed")
    void closedFromEveryState(State from) {
        ChannelLifecycle l = in(from);
        l.closed();
        assertEquals(State.CLOSED, l.state());
        l.closed();
        assertEquals(State.CLOSED, l.state());
    }

    @ParameterizedTest
    @EnumSource(value = State.class, names = {"CLOSE_WAIT", "CLOSING", "CLOSED"})
    @DisplayName("closeRequested only from OPEN")
    void closeRequestedOnlyFromOpen(State from) {
        assertRefused(from, ChannelLifecycle::closeRequested, State.OPEN);
    }

    @ParameterizedTest
    @EnumSource(value = State.class, names = {"OPEN", "CLOSING", "CLOSED"})
    @DisplayName("closeSent only from CLOSE_WAIT")
    void closeSentOnlyFromCloseWait(State from) {
        assertRefused(from, ChannelLifecycle::closeSent, State.CLOSE_WAIT);
    }

    @ParameterizedTest
    @EnumSource(value = State.class, names = {"OPEN", "CLOSE_WAIT", "CLOSED"})
    @DisplayName("closeDeclined only from CLOSING")
    void closeDeclinedOnlyFromClosing(State from) {
        assertRefused(from, ChannelLifecycle::closeDeclined, State.CLOSING);
    }

    private static void assertRefused(State from, Consumer<ChannelLifecycle> transition, State needed) {
        ChannelLifecycle l = in(from);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> transition.accept(l));
        assertEquals("channel is " + ChannelLifecycle.describe(from) + ", not " + ChannelLifecycle.describe(needed),
                e.getMessage());
        assertEquals(from, l.state(), "a refused transition changes nothing");
    }

    @Test
    @DisplayName("an illegal transition's message in words: closeSent on a closed channel")
    void refusalMessageInWords() {
        ChannelLifecycle l = in(State.CLOSED);
        IllegalStateException e = assertThrows(IllegalStateException.class, l::closeSent);
        assertEquals("channel is closed, not closing (waiting for replies to our MSGs)", e.getMessage());
    }

    @Test
    @DisplayName("describe() names each state, the static and instance forms agreeing")
    void describeEachState() {
        assertEquals("open", ChannelLifecycle.describe(State.OPEN));
        assertEquals("closing (waiting for replies to our MSGs)", ChannelLifecycle.describe(State.CLOSE_WAIT));
        assertEquals("closing", ChannelLifecycle.describe(State.CLOSING));
        assertEquals("closed", ChannelLifecycle.describe(State.CLOSED));
        for (State s : State.values()) {
            assertEquals(ChannelLifecycle.describe(s), in(s).describe());
        }
        assertTrue(in(State.CLOSING).closingByUs());
        assertFalse(in(State.CLOSED).closingByUs());
    }
}
