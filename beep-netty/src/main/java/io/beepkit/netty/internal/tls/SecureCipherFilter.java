package io.beepkit.netty.internal.tls;

import io.netty.handler.ssl.CipherSuiteFilter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Keeps the cipher suites the provider supports, minus every anonymous, export, NULL, RC4, DES, 3DES and MD5 suite,
 * whether the list came from the application or the provider's defaults. An empty result is a configuration error.
 */
public final class SecureCipherFilter implements CipherSuiteFilter {
    public static final SecureCipherFilter INSTANCE = new SecureCipherFilter();
    private static final List<String> WEAK_MARKERS = List.of("ANON", "ADH", "AECDH", "NULL", "EXPORT", "EXP-", "EXP1024",
            "RC4", "DES", "MD5", "SCSV");

    private SecureCipherFilter() {
    }

    /** True for suites no configuration may enable. */
    public static boolean isWeak(String suite) {
        String upper = suite.toUpperCase(Locale.ROOT);
        for (String marker : WEAK_MARKERS) {
            if (upper.contains(marker)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String[] filterCipherSuites(Iterable<String> ciphers, List<String> defaultCiphers,
                                       Set<String> supportedCiphers) {
        Iterable<String> wanted = ciphers != null ? ciphers : defaultCiphers;
        List<String> kept = new ArrayList<>();
        for (String suite : wanted) {
            if (suite != null && supportedCiphers.contains(suite) && !isWeak(suite) && !kept.contains(suite)) {
                kept.add(suite);
            }
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("no acceptable cipher suite among " + wanted
                    + " (anonymous, export, NULL, RC4, DES and MD5 suites are refused)");
        }
        return kept.toArray(new String[0]);
    }
}
