/**
 * The frame grammar (RFC 3080 §2.2): header parsing and writing, frame types, sequence-number arithmetic.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core.frame;

import io.beepkit.api.Internal;