/**
 * BEEP payloads as MIME entities (RFC 3080 §2.2): reading in place, writing headers apart from the body.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core.mime;

import io.beepkit.api.Internal;