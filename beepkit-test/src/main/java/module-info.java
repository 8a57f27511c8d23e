/**
 * Test support for applications built on beepkit ({@code io.beepkit.test}): JUnit 5 extensions that run a BEEP
 * listener or client on 127.0.0.1 for the duration of a test, a certificate authority made at test time, and a check
 * that fails a test class when Netty reports a buffer leak. Meant for test scope only.
 */
module io.beepkit.test {
    requires transitive io.beepkit.netty;
    requires transitive org.junit.jupiter.api;
    requires static org.jspecify;
    requires org.bouncycastle.pkix;
    requires org.bouncycastle.provider;

    exports io.beepkit.test;
}
