/**
 * Channel-0 management messages (RFC 3080 §2.3.1): hardened XML parsing and writing, payloads and error elements.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core.mgmt;

import io.beepkit.api.Internal;