/**
 * Reliability over real sockets on 127.0.0.1: memory budgets, failures on the event loop, fault injection (resets,
 * half-closes, peers that stop reading) and a short load, each asserting that every pending future completes within
 * a bound and that nothing leaks.
 */
package io.beepkit.netty.reliability;
