package io.beepkit.netty.internal;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;

/** Words for why a connection attempt failed, where the transport's own text says nothing. */
public final class ConnectFailures {
    private static final String NULL_PREFIX = "null: ";

    private ConnectFailures() {
    }

    /**
     * The failure's message, or words for its kind when it has none: the native transport reports some errors with a
     * null message that Netty then annotates with the address ({@code "null: /10.0.0.7:601"}).
     */
    public static String describe(Throwable failure) {
        String message = failure.getMessage();
        if (message != null && !message.isEmpty() && !message.equals("null") && !message.startsWith(NULL_PREFIX)) {
            return message;
        }
        String kind = kind(failure);
        return message != null && message.startsWith(NULL_PREFIX)
                ? kind + ": " + message.substring(NULL_PREFIX.length()) : kind;
    }

    private static String kind(Throwable failure) {
        if (failure instanceof NoRouteToHostException) {
            return "no route to host";
        }
        if (failure instanceof PortUnreachableException) {
            return "port unreachable";
        }
        if (failure instanceof ConnectException) {
            return "connection refused";
        }
        if (failure instanceof SocketTimeoutException) {
            return "connection timed out";
        }
        return failure.getClass().getName();
    }
}
