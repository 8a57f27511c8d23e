/**
 * Protocol support shared by every part of the library that does not belong to one layer, such as
 * {@link io.beepkit.core.LogText}, which makes peer-supplied text safe to log.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core;

import io.beepkit.api.Internal;