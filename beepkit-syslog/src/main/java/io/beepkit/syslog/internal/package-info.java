/** The RFC 3195 profile machinery: wire parsers and writers, the collector and device channel handlers. * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.syslog.internal;

import io.beepkit.api.Internal;