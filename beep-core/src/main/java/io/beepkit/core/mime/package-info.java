/**
 * BEEP payloads as MIME entities (RFC 3080 §2.2): reading in place, writing headers apart from the body.
 */
package io.beepkit.core.mime;
