package io.beepkit.netty.diagnostics;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;

/**
 * Words for a failure that always name its cause, where the exception's own text says nothing: the native transport
 * reports some errors (EHOSTUNREACH on connect, for one) with a null message that Netty then annotates with the
 * address ({@code "null: /10.0.0.7:601"}), and a message of {@code "null"} in an error line helps no one.
 */
public final class FailureText {
    private static final String NULL_PREFIX = "null: ";

    private FailureText() {
    }

    /**
     * The failure's message when it has one; else words for its kind ({@code "no route to host"}, or the exception's
     * class name), followed by the address Netty added, if any.
     */
    public static String describe(Throwable failure) {
        String message = failure.getMessage();
        if (message != null && !message.isBlank() && !message.equals("null") && !message.startsWith(NULL_PREFIX)) {
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
