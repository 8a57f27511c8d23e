/**
 * The machinery of {@link io.beepkit.syslog.shipping.LogShipper}: the bounded queue and its overflow policy, the
 * shipping thread, the disk spill and the RFC 5424 formatting.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.syslog.shipping.internal;

import io.beepkit.api.Internal;
