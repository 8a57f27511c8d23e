/**
 * Flow control (RFC 3081 §3.1): send and receive windows, the window-aware fragment planner and automatic window
 * sizing.
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core.flow;

import io.beepkit.api.Internal;