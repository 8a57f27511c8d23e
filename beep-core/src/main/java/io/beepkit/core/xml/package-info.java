/**
 * Hardened parsing of the small XML elements tuning profiles exchange (TLS {@code <ready/>}, SASL {@code <blob>}):
 * one root element, a size bound checked before parsing, no DOCTYPE and no entity definitions.
 */
package io.beepkit.core.xml;
