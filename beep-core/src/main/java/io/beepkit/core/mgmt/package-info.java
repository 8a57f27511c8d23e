/**
 * Channel-0 management messages (RFC 3080 §2.3.1): hardened XML parsing and writing, payloads and error elements.
 */
package io.beepkit.core.mgmt;
