/**
 * Test support for beepkit applications, for JUnit 5 (Jupiter):
 * <ul>
 *   <li>{@link io.beepkit.test.BeepListenerExtension}: a {@code BeepServer} on 127.0.0.1 and a free port, serving
 *       the profiles a test gives it, with a client to open sessions to it;</li>
 *   <li>{@link io.beepkit.test.BeepClientExtension}: a {@code BeepClient} and sessions to a listener started
 *       elsewhere (an application under test, a Spring Boot test's listener);</li>
 *   <li>{@link io.beepkit.test.TestPki}: a certificate authority, listener and client certificates made at test
 *       time, as beepkit's TLS settings and as PEM or PKCS#12 files;</li>
 *   <li>{@link io.beepkit.test.LeakCheckExtension} with {@link io.beepkit.test.LeakFailingDetector}: a test class
 *       fails when Netty reports a buffer leak.</li>
 * </ul>
 * Both extensions close what they opened when their scope ends: the test class when registered in a static field,
 * each test when registered in an instance field. {@code docs/testing.md} shows them in use.
 */
@NullMarked
package io.beepkit.test;

import org.jspecify.annotations.NullMarked;
