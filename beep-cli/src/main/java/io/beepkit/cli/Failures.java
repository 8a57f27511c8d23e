package io.beepkit.cli;

import io.beepkit.api.BeepErrorException;
import io.beepkit.api.BeepException;
import io.beepkit.api.BeepProtocolException;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelClosedException;
import io.beepkit.api.MessageTooLargeException;
import io.beepkit.api.SessionClosedException;

import io.beepkit.netty.diagnostics.FailureText;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/** Waits on the library's futures and turns their failures into {@link CliException}s with exit codes. */
final class Failures {
    private Failures() {
    }

    /** The real cause behind {@link CompletionException} and {@link ExecutionException} wrappers. */
    static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** The failure's text; never "null": an exception without one is named by its kind or class. */
    static String message(Throwable t) {
        return FailureText.describe(unwrap(t));
    }

    /**
     * Waits at most {@code timeout} for {@code f}. Interrupts and timeouts become exit code 5; failures are left to
     * {@code onFailure}.
     */
    static <T> T await(CompletableFuture<T> f, Duration timeout, String what,
                       Function<Throwable, CliException> onFailure) {
        try {
            return f.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new CliException(ExitCodes.TIMEOUT, "timed out after " + Units.seconds(timeout) + " " + what);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.INTERNAL, "interrupted " + what);
        } catch (ExecutionException | CompletionException | CancellationException e) {
            throw onFailure.apply(unwrap(e));
        }
    }

    /** Connecting failed: exit code 3. */
    static CliException connect(Target target, Throwable t) {
        Throwable c = unwrap(t);
        if (c instanceof SessionClosedException) {
            Throwable why = c.getCause();
            if (why instanceof BeepErrorException err && err.code() >= 530 && err.code() <= 538) {
                return new CliException(ExitCodes.CONNECTION, "SASL authentication with " + target + " failed: "
                        + err.code() + " " + err.diagnostic(), c);
            }
            if (why instanceof BeepErrorException err) {
                return new CliException(ExitCodes.CONNECTION, "the listener at " + target + " refused the session: "
                        + err.code() + " " + err.diagnostic(), c);
            }
            if (why instanceof javax.net.ssl.SSLException) {
                return new CliException(ExitCodes.CONNECTION, "TLS with " + target + " failed: " + message(why), c);
            }
            if (why != null) {
                return new CliException(ExitCodes.CONNECTION, "connection to " + target
                        + " closed before the BEEP greeting completed: " + message(why), c);
            }
            return new CliException(ExitCodes.CONNECTION, "connection to " + target
                    + " closed before the BEEP greeting completed (not a BEEP listener, or it refused the session)", c);
        }
        return new CliException(ExitCodes.CONNECTION, "cannot connect to " + target + ": " + reason(c), c);
    }

    /** Why a connect failed, in a few words: "connection refused", "timed out", or the transport's text. */
    static String reason(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String all = (message(t) + " " + message(root)).toLowerCase(java.util.Locale.ROOT);
        if (all.contains("connection refused")) {
            return "connection refused";
        }
        if (root instanceof java.net.SocketTimeoutException || root.getClass().getSimpleName().contains("Timeout")
                || all.contains("timed out")) {
            return "connection timed out";
        }
        if (root instanceof java.net.UnknownHostException) {
            return "unknown host " + message(root);
        }
        if (root instanceof java.net.NoRouteToHostException || all.contains("no route to host")) {
            return "no route to host";
        }
        if (all.contains("network is unreachable")) {
            return "network is unreachable";
        }
        String m = message(root);
        int colon = m.indexOf("failed with error");
        return colon >= 0 && m.indexOf(": ", colon) > 0 ? m.substring(m.indexOf(": ", colon) + 2) : m;
    }

    /** Starting a channel failed: exit code 4 when the peer refused, else as for an exchange. */
    static CliException start(BeepSession session, String uri, Throwable t) {
        Throwable c = unwrap(t);
        if (c instanceof BeepErrorException e) {
            boolean offered = session.peerProfiles().contains(uri);
            return new CliException(ExitCodes.PROFILE_REFUSED, "profile refused by peer: " + uri + ": " + e.code()
                    + (e.diagnostic().isEmpty() ? "" : " " + e.diagnostic())
                    + (offered ? "" : " (not offered; peer offers " + offers(session) + ")"), c);
        }
        return exchange("starting a channel on " + uri, c);
    }

    static String offers(BeepSession session) {
        return session.peerProfiles().isEmpty() ? "no profile" : String.join(" ", session.peerProfiles());
    }

    /** An exchange failed after the session was up: exit code 1 (5 for a timeout, 6 for a local bug). */
    static CliException exchange(String what, Throwable t) {
        Throwable c = unwrap(t);
        if (c instanceof CliException ce) {
            return ce;
        }
        if (c instanceof BeepErrorException e) {
            return new CliException(ExitCodes.PEER_ERROR, "peer error " + e.code()
                    + (e.diagnostic().isEmpty() ? "" : ": " + e.diagnostic()) + " (" + what + ")", c);
        }
        if (c instanceof SessionClosedException || c instanceof ChannelClosedException
                || c instanceof BeepProtocolException || c instanceof MessageTooLargeException) {
            return new CliException(ExitCodes.PEER_ERROR, message(c) + " (" + what + ")", c);
        }
        if (c instanceof TimeoutException) {
            return new CliException(ExitCodes.TIMEOUT, "timed out " + what, c);
        }
        if (c instanceof BeepException) {
            return new CliException(ExitCodes.PEER_ERROR, message(c) + " (" + what + ")", c);
        }
        return new CliException(ExitCodes.INTERNAL, "unexpected " + c.getClass().getSimpleName() + " " + what
                + ": " + message(c), c);
    }
}
