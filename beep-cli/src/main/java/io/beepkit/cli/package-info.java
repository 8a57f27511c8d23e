/**
 * The {@code beep} command-line tool: serve, call, load and demo.
 */
package io.beepkit.cli;
