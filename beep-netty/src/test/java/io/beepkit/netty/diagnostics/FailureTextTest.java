package io.beepkit.netty.diagnostics;

import io.beepkit.api.BeepException;
import io.beepkit.netty.BeepClient;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.ServerSocket;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FailureTextTest {
    @Test
    void aNativeErrorWithoutTextIsNamedByItsKind() {
        // What the epoll transport reports for EHOSTUNREACH once Netty has annotated it with the address.
        assertEquals("no route to host: /10.213.0.2:601",
                FailureText.describe(new NoRouteToHostException("null: /10.213.0.2:601")));
        assertEquals("no route to host", FailureText.describe(new NoRouteToHostException()));
        assertEquals("connection refused", FailureText.describe(new ConnectException(null)));
        assertEquals("java.lang.IllegalStateException", FailureText.describe(new IllegalStateException()));
    }

    @Test
    void aMessageIsKept() {
        assertEquals("Connection refused: /127.0.0.1:9",
                FailureText.describe(new ConnectException("Connection refused: /127.0.0.1:9")));
    }

    /** Real socket: a port nothing listens on gives a failure naming the address and the refusal. */
    @Test
    void aRefusedConnectionNamesTheAddressAndTheRefusal() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // free once closed
        }
        try (BeepClient client = BeepClient.builder().build()) {
            int p = port;
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> client.connect("127.0.0.1", p).get(10, TimeUnit.SECONDS));
            BeepException failure = assertInstanceOf(BeepException.class, e.getCause());
            String m = failure.getMessage();
            assertTrue(m.startsWith("cannot connect to 127.0.0.1:" + p + ": "), m);
            assertTrue(m.toLowerCase(java.util.Locale.ROOT).contains("refused"), m);
            assertTrue(!m.contains("null"), m);
        }
    }
}
