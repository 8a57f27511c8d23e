package io.beepkit.netty.internal.channel;

import io.beepkit.netty.internal.BlockedLoopChecker;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A future of a reply that refuses to be waited for on an event loop of this library while it is incomplete, as
 * Netty's own promises do: the reply can only arrive through that very loop (the futures of our MSGs complete there
 * by default), so waiting would stall it for ever, or until the timeout, with every session it serves. Futures
 * derived from it ({@code thenApply}, {@code whenComplete}...) refuse the same.
 */
class LoopSafeFuture<T> extends CompletableFuture<T> {
    @Override
    public T get() throws InterruptedException, ExecutionException {
        refuseOnLoop();
        return super.get();
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        refuseOnLoop();
        return super.get(timeout, unit);
    }

    @Override
    public T join() {
        refuseOnLoop();
        return super.join();
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new LoopSafeFuture<>();
    }

    private void refuseOnLoop() {
        if (!isDone() && BlockedLoopChecker.onEventLoop()) {
            throw new IllegalStateException("waiting for a reply on a beepkit event loop would block it and every "
                    + "session it serves (the reply arrives through that loop); attach a continuation instead, or "
                    + "run blocking work with thenApplyAsync and an executor");
        }
    }
}
