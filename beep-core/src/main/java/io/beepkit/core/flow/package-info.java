/**
 * Flow control (RFC 3081 §3.1): send and receive windows, the window-aware fragment planner and automatic window
 * sizing.
 */
package io.beepkit.core.flow;
