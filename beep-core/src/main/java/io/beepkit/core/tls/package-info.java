/**
 * The TLS transport security profile's messages (RFC 3080 §3.1, DTD §7.2): {@code <ready/>}, {@code <proceed/>} and
 * {@code <error>}, parsed strictly and written in the exact form Vortex compares against.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core.tls;

import io.beepkit.api.Internal;