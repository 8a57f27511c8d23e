package io.beepkit.netty.internal.session;

import io.beepkit.api.BeepSession;
import io.beepkit.api.SessionClosedException;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NoRouteToHostException;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session that ends on an exception without a message (the native transport reports some socket errors so, e.g.
 * EHOSTUNREACH) says what ended it: the exception's kind or class and the address, never "null".
 */
class FailureWithoutMessageTest {
    @Test
    void aGreetedSessionEndedByAnExceptionWithoutMessageNamesItsClassAndAddress() throws Exception {
        try (BeepServer server = BeepServer.builder().bind("127.0.0.1", 0).build().start().join();
             BeepClient client = BeepClient.builder().build()) {
            DefaultBeepSession s = (DefaultBeepSession) client.connect("127.0.0.1", server.port())
                    .get(10, TimeUnit.SECONDS);
            s.nettyChannel().pipeline().fireExceptionCaught(new IOException());
            s.ended().get(10, TimeUnit.SECONDS);
            String m = s.closeCause().getMessage();
            assertTrue(m.startsWith("session with ") && m.contains(":" + server.port() + " terminated: "), m);
            assertTrue(m.endsWith(" terminated: java.io.IOException"), m);
        }
    }

    @Test
    void aSessionEndedBeforeTheGreetingByNoRouteToHostSaysSo() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             BeepClient client = BeepClient.builder().build()) {
            silent.setSoTimeout(10_000);
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", silent.getLocalPort());
            try (Socket accepted = silent.accept()) {
                DefaultBeepSession s = null;
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (s == null && System.nanoTime() < deadline) { // tracked once its pipeline is set up
                    s = client.sessions().isEmpty() ? null : (DefaultBeepSession) client.sessions().get(0);
                    Thread.sleep(5);
                }
                assertTrue(s != null, "no session");
                // What epoll reports for EHOSTUNREACH, once Netty added the address.
                s.nettyChannel().pipeline().fireExceptionCaught(new NoRouteToHostException("null: /10.213.0.2:601"));
                ExecutionException e = assertThrows(ExecutionException.class,
                        () -> connecting.get(10, TimeUnit.SECONDS));
                SessionClosedException closed = assertInstanceOf(SessionClosedException.class, e.getCause());
                assertEquals("session with 127.0.0.1:" + silent.getLocalPort() + " closed before greetings "
                        + "completed: no route to host: /10.213.0.2:601", closed.getMessage());
                assertFalse(closed.getMessage().contains("null"), closed.getMessage());
            }
        }
    }
}
