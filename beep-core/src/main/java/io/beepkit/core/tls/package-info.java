/**
 * The TLS transport security profile's messages (RFC 3080 §3.1, DTD §7.2): {@code <ready/>}, {@code <proceed/>} and
 * {@code <error>}, parsed strictly and written in the exact form Vortex compares against.
 */
package io.beepkit.core.tls;
