package io.beepkit.netty.interop;

import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;
import io.beepkit.core.tls.TlsMessage;
import io.beepkit.core.tls.TlsTuning;
import io.beepkit.netty.internal.tls.ClientTlsContext;
import io.beepkit.netty.tls.TlsConfig;
import io.beepkit.netty.tls.TlsProvider;
import io.beepkit.netty.tls.TrustMaterial;
import io.netty.handler.ssl.JdkSslContext;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TLS profile's messages and a {@link TlsConfig}-built context against Vortex's regression listener: greeting,
 * a start piggybacking {@code <ready />} as channel 0 writes it, Vortex's {@code <proceed />}, a TLS handshake in place
 * on the same connection (trusting Vortex's test certificate, read from its test folder) and the new greeting over
 * TLS. Framing is done by {@link RawBeepConnection} because today's session engine cannot restart in place yet.
 */
@Tag("interop")
@EnabledIfEnvironmentVariable(named = VortexPeer.ENV, matches = ".+",
        disabledReason = "Vortex peer absent: set BEEP_VORTEX_TEST_DIR to a built libvortex-1.1/test directory (docs/interop.md)")
class VortexTlsInteropTest {
    static final int OFFSET = 390;
    @RegisterExtension
    static final VortexListener VORTEX = new VortexListener(OFFSET);
    static final int PORT = VORTEX.port();

    @Test
    void readyProceedThenHandshakeInPlaceThenNewGreetings() throws Exception {
        try (Socket tcp = new Socket()) {
            tcp.connect(new InetSocketAddress("127.0.0.1", PORT), 5000);
            tcp.setSoTimeout(10_000);
            RawBeepConnection clear = new RawBeepConnection(tcp);
            clear.send("RPY", 0, 0, "<greeting />");
            RawBeepConnection.Frame greeting = clear.read();
            ManagementMessage.Greeting g = (ManagementMessage.Greeting) ManagementCodec.parse(
                    greeting.body().getBytes(StandardCharsets.UTF_8));
            assertTrue(g.profiles().contains(TlsMessage.PROFILE_URI), g.profiles().toString());

            String ready = TlsTuning.readyContent();
            clear.send("MSG", 0, 1, ManagementCodec.write(new ManagementMessage.Start(1, null,
                    List.of(new ManagementMessage.Profile(TlsMessage.PROFILE_URI, ready, false)))));
            RawBeepConnection.Frame reply = clear.read();
            assertEquals("RPY", reply.type(), reply.body());
            ManagementMessage.Profile chosen = (ManagementMessage.Profile) ManagementCodec.parse(
                    reply.body().getBytes(StandardCharsets.UTF_8));
            assertInstanceOf(TlsMessage.Proceed.class, TlsTuning.onAnswer(chosen.content()));

            ClientTlsContext tls = ClientTlsContext.create(TlsConfig.builder().provider(TlsProvider.JDK)
                    .trust(TrustMaterial.fromPem(VORTEX.dir().resolve("test-certificate.pem")))
                    .build());
            SSLSocket secured = (SSLSocket) ((JdkSslContext) tls.context()).context().getSocketFactory()
                    .createSocket(tcp, "localhost", PORT, false);
            SSLParameters params = secured.getSSLParameters();
            params.setEndpointIdentificationAlgorithm("HTTPS");
            params.setProtocols(new String[]{"TLSv1.3", "TLSv1.2"});
            secured.setSSLParameters(params);
            secured.startHandshake();
            TlsSessionInfo info = TlsSessionInfo.from(secured.getSession(), null);
            assertTrue(TlsConfig.ALLOWED_PROTOCOLS.contains(info.protocol()), info.protocol());
            assertTrue(info.peerSubject().orElseThrow().contains("CN=localhost"), info.peerSubject().orElseThrow());

            RawBeepConnection overTls = new RawBeepConnection(secured);
            overTls.send("RPY", 0, 0, "<greeting />");
            RawBeepConnection.Frame again = overTls.read();
            assertEquals("RPY", again.type());
            assertEquals(0, again.channel());
            assertEquals(0, again.msgno(), "the new greeting starts channel 0 afresh");
            ManagementMessage.Greeting g2 = (ManagementMessage.Greeting) ManagementCodec.parse(
                    again.body().getBytes(StandardCharsets.UTF_8));
            assertTrue(g2.profiles().contains("http://iana.org/beep/transient/vortex-regression"), g2.profiles().toString());
            System.out.println("Vortex TLS: " + info.protocol() + " " + info.cipherSuite() + " peer "
                    + info.peerSubject().orElseThrow());
        }
    }
}
