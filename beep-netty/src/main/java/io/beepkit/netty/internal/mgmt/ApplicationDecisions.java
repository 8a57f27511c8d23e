package io.beepkit.netty.internal.mgmt;

import io.beepkit.core.LogText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one way channel management asks the application (start, close and release decisions): on the callback
 * executor; a handler that throws is answered as a local error (451, RFC 3080 §8); a null answer means the default;
 * the decision comes back to the event loop, unless the session ended meanwhile. A handler that gives no decision
 * within {@code SessionLimits.channelRequestTimeout} is answered for as if it had thrown (451), once; its late decision
 * is dropped.
 */
final class ApplicationDecisions {
    private static final Logger log = LoggerFactory.getLogger(ApplicationDecisions.class);

    private ApplicationDecisions() {
    }

    /**
     * @param what      names the handler in the log line when it throws
     * @param question  asks the application
     * @param fallback  the decision for a handler that threw, given its message (a 451 refusal)
     * @param byDefault the decision for a null answer
     * @param then      takes the decision on the event loop
     */
    static <D> void ask(ManagementHost host, String what, Supplier<D> question, Function<String, D> fallback,
                        D byDefault, Consumer<D> then) {
        boolean[] decided = new boolean[1]; // event loop only
        Duration timeout = host.config().limits().channelRequestTimeout();
        Runnable cancel = host.after(timeout, () -> {
            if (!decided[0] && !host.closed()) {
                decided[0] = true;
                log.warn("{} gave no decision within {} ms: refused with 451", LogText.escape(what),
                        timeout.toMillis());
                then.accept(fallback.apply("local error: no decision within " + timeout.toMillis() + " ms"));
            }
        });
        host.callbacks().execute(() -> {
            D d;
            try {
                d = question.get();
            } catch (RuntimeException e) {
                log.warn("{} threw", LogText.escape(what), e);
                d = fallback.apply("local error: " + e.getMessage());
            }
            D decision = d == null ? byDefault : d;
            host.onLoop(() -> {
                if (!decided[0] && !host.closed()) {
                    decided[0] = true;
                    cancel.run();
                    then.accept(decision);
                }
            });
        });
    }
}
