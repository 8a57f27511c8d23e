package io.beepkit.cli;

/**
 * The exit codes of every {@code beep} command, stable for scripts (also listed in {@code docs/cli.md} and in each
 * command's {@code --help}).
 */
public final class ExitCodes {
    /** Success: the reply was positive (RPY or answers), the load run had no error, the listener stopped cleanly. */
    public static final int OK = 0;
    /**
     * The peer failed the exchange: an ERR reply, a declined close, the session lost or a protocol violation in the
     * middle of the exchange, or any failed message in a load run.
     */
    public static final int PEER_ERROR = 1;
    /** Bad command line: unknown option, missing or malformed argument, unreadable input file. */
    public static final int USAGE = 2;
    /** No session: connection refused or timed out, peer closed before greeting, or cannot listen on the address. */
    public static final int CONNECTION = 3;
    /** The peer refused to start a channel on the profile (not offered, or start declined). */
    public static final int PROFILE_REFUSED = 4;
    /** No reply within {@code --timeout}. */
    public static final int TIMEOUT = 5;
    /** Anything else: a bug or an unexpected local failure. */
    public static final int INTERNAL = 6;

    /** The table shown at the end of every command's {@code --help}. */
    static final String[] HELP_FOOTER = {
        "",
        "Exit codes:",
        "  0  ok",
        "  1  peer error: ERR reply, session lost, failed messages in a load run",
        "  2  usage error: bad option or argument",
        "  3  connection failure: refused, timed out, no greeting, cannot listen",
        "  4  profile refused: not offered or start declined by the peer",
        "  5  timeout: no reply within --timeout",
        "  6  internal error",
    };

    private ExitCodes() {
    }
}
