/**
 * Ready-made profiles registered by default: echo and sink.
 */
@NullMarked
package io.beepkit.core.profiles;

import org.jspecify.annotations.NullMarked;
