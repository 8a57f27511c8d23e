/**
 * Public types of BEEP's security tuning: SASL mechanisms and identities (RFC 3080 §4), the application callback a
 * listener authenticates through, client credentials, listener options, and the facts of a negotiated TLS session.
 */
@NullMarked
package io.beepkit.api.security;

import org.jspecify.annotations.NullMarked;
