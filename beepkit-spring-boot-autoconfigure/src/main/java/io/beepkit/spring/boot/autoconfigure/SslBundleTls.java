package io.beepkit.spring.boot.autoconfigure;

import io.beepkit.netty.tls.KeyMaterial;
import io.beepkit.netty.tls.ClientAuthentication;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.netty.tls.TrustMaterial;
import org.springframework.boot.ssl.NoSuchSslBundleException;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.ssl.SslManagerBundle;
import org.springframework.boot.ssl.SslOptions;
import org.springframework.boot.ssl.SslStoreBundle;

import java.util.List;

/**
 * Turns a Spring Boot {@link SslBundle} into a {@link TlsConfig}: the bundle's key and trust manager factories
 * ({@link SslBundle#getManagers()}), and its enabled protocols and ciphers when it sets them. Every failure names the
 * property that chose the bundle.
 */
final class SslBundleTls {
    private SslBundleTls() {
    }

    /** The listener's TLS: the bundle must hold a key store with its certificate and private key. */
    static TlsConfig listener(SslBundles bundles, String property, String name, ClientAuthentication clientAuth) {
        SslBundle bundle = bundle(bundles, property, name);
        if (!hasKeyStore(bundle)) {
            throw new IllegalStateException(property + "=" + name + ": the SSL bundle has no key store, and a "
                    + "listener needs its certificate and private key (spring.ssl.bundle.pem." + name
                    + ".keystore.* or spring.ssl.bundle.jks." + name + ".keystore.*)");
        }
        SslManagerBundle managers = bundle.getManagers();
        TlsConfig.Builder b = TlsConfig.builder()
                .keyMaterial(KeyMaterial.of(managers.getKeyManagerFactory()))
                .trust(TrustMaterial.of(managers.getTrustManagerFactory()))
                .clientAuth(clientAuth);
        return options(b, bundle, property, name).build();
    }

    /**
     * The initiator's TLS: the bundle's trust store verifies listeners (Spring Boot falls back to the JVM's trust
     * store when the bundle has none); its key store, when present, is the client certificate.
     */
    static TlsConfig initiator(SslBundles bundles, String property, String name) {
        SslBundle bundle = bundle(bundles, property, name);
        SslManagerBundle managers = bundle.getManagers();
        TlsConfig.Builder b = TlsConfig.builder().trust(TrustMaterial.of(managers.getTrustManagerFactory()));
        if (hasKeyStore(bundle)) {
            b.keyMaterial(KeyMaterial.of(managers.getKeyManagerFactory()));
        }
        return options(b, bundle, property, name).build();
    }

    private static SslBundle bundle(SslBundles bundles, String property, String name) {
        if (bundles == null) {
            throw new IllegalStateException(property + "=" + name + " needs Spring Boot's SSL bundles (an SslBundles "
                    + "bean, made by SslAutoConfiguration), and the context has none");
        }
        try {
            return bundles.getBundle(name);
        } catch (NoSuchSslBundleException e) {
            throw new IllegalStateException(property + "=" + name + " names no configured SSL bundle (define "
                    + "spring.ssl.bundle.pem." + name + ".* or spring.ssl.bundle.jks." + name + ".*); configured: "
                    + bundles.getBundleNames(), e);
        }
    }

    private static boolean hasKeyStore(SslBundle bundle) {
        SslStoreBundle stores = bundle.getStores();
        return stores != null && stores.getKeyStore() != null;
    }

    /** The bundle's protocols and ciphers, when it names them; beepkit refuses protocols older than TLS 1.2. */
    private static TlsConfig.Builder options(TlsConfig.Builder b, SslBundle bundle, String property, String name) {
        SslOptions options = bundle.getOptions();
        if (options == null) {
            return b;
        }
        try {
            if (options.getEnabledProtocols() != null) {
                b.protocols(options.getEnabledProtocols());
            }
            if (options.getCiphers() != null) {
                b.cipherSuites(List.of(options.getCiphers()));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(property + "=" + name + ": the SSL bundle's options are not usable: "
                    + e.getMessage(), e);
        }
        return b;
    }
}
