package io.beepkit.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The values observers receive: outcomes from failures, protocol-error kinds from the library's messages; a
 * composite observer tells every observer, in order.
 */
class ObserverTypesTest {
    @Test
    void aCompositeTellsEveryObserverInOrder() {
        List<String> told = new ArrayList<>();
        BeepObserver first = new BeepObserver() {
            @Override
            public void seqSent(String profile, SessionRole role) {
                told.add("first " + profile);
            }
        };
        BeepObserver second = new BeepObserver() {
            @Override
            public void seqSent(String profile, SessionRole role) {
                told.add("second " + profile);
            }
        };
        BeepObserver.composite(List.of(first, second)).seqSent("urn:x", SessionRole.LISTENER);
        assertEquals(List.of("first urn:x", "second urn:x"), told);
        assertSame(BeepObserver.NOOP, BeepObserver.composite(List.of()));
        assertSame(first, BeepObserver.composite(List.of(first)));
    }

    @Test
    void outcomeFollowsTheFailure() {
        assertEquals(SessionOutcome.CLOSED, SessionOutcome.of(null));
        assertEquals(SessionOutcome.PROTOCOL_ERROR, SessionOutcome.of(new BeepProtocolException("x")));
        assertEquals(SessionOutcome.REFUSED, SessionOutcome.of(new BeepErrorException(421, "busy")));
        assertEquals(SessionOutcome.FAILED, SessionOutcome.of(new java.io.IOException("reset")));
        assertEquals("protocol_error", SessionOutcome.PROTOCOL_ERROR.tag());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "frame of 70000 octets at seqno 0 overruns the window: 65536 open      | WINDOW",
        "SEQ acknowledges 10 but the next octet we send is 5                  | WINDOW",
        "frame for channel 3, which is not open: MSG 3 0 . 0 5                | UNKNOWN_CHANNEL",
        "frame of 9999999 octets exceeds the limit of 1048576                 | LIMIT",
        "channel 1: peer has more than 4096 MSGs awaiting replies             | LIMIT",
        "bare LF in frame header: \"MSG 0\"                                   | FRAME_SYNTAX",
        "frame trailer is not END CRLF after 5 octets: \"ENX\"                | FRAME_SYNTAX",
        "channel-0 XML must not contain a DOCTYPE or entity definitions       | MANAGEMENT",
        "the first frame must be a greeting (RPY 0 0) or ERR 0 0, got MSG     | MANAGEMENT",
        "unexpected <foo> in <greeting>                                       | MANAGEMENT",
        "frame seqno 10 but expected 4                                        | SEQUENCE",
        "channel 1: ANS 1 2 . 0 1 interleaves with incomplete answers [1]    | SEQUENCE",
        "channel 1: RPY to msgno 7, which we never sent or which is already answered | REPLY",
        "malformed frame header (unknown keyword): \"GARBAGE 0 0\"           | FRAME_SYNTAX",
        "something new                                                        | OTHER",
    })
    void kindsFromTheLibrarysMessages(String message, ProtocolErrorKind kind) {
        assertEquals(kind, ProtocolErrorKind.classify(message.strip()));
    }
}
