/**
 * The SASL family of tuning profiles (RFC 3080 §4) without any transport: the {@code <blob>} codec, one exchange
 * state machine per role ({@link io.beepkit.core.sasl.SaslListenerExchange},
 * {@link io.beepkit.core.sasl.SaslInitiatorExchange}), the per-session rules ({@link io.beepkit.core.sasl.SessionSecurity}),
 * the mechanisms the JDK lacks (SCRAM-SHA-256 and SCRAM-SHA-1 on both sides with SASLprep; PLAIN, ANONYMOUS and
 * EXTERNAL as servers; ANONYMOUS as client), and the listener's bounds on failed authentications
 * ({@link io.beepkit.core.sasl.FailureReaction}). CRAM-MD5 and DIGEST-MD5 on both sides, and PLAIN and EXTERNAL as
 * clients, come from {@code javax.security.sasl}.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core.sasl;

import io.beepkit.api.Internal;