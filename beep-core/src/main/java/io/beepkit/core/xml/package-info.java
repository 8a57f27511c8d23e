/**
 * The hardened reading of peer XML: {@link io.beepkit.core.xml.XmlReader}, a strict reader of small documents with
 * no DTD and no entities beyond the predefined ones, and the entry points channel 0, the TLS and SASL profiles and
 * COOKED syslog parse through ({@link io.beepkit.core.xml.HardenedXml}, {@link io.beepkit.core.xml.StrictXml}).
 * <p>Engine code: public only so that beepkit's own modules can reach it; not part of the supported API.
 */
@Internal
package io.beepkit.core.xml;

import io.beepkit.api.Internal;
