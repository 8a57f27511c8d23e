/**
 * The frame grammar (RFC 3080 §2.2): header parsing and writing, frame types, sequence-number arithmetic.
 */
package io.beepkit.core.frame;
