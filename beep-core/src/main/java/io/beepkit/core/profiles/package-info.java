/**
 * Ready-made profiles registered by default: echo and sink.
 */
package io.beepkit.core.profiles;
