/**
 * Hardened parsing of the small XML elements tuning profiles exchange (TLS {@code <ready/>}, SASL {@code <blob>}):
 * one root element, a size bound checked before parsing, no DOCTYPE and no entity definitions.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core.xml;

import io.beepkit.api.Internal;