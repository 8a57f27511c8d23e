package io.beepkit.core.sasl;

import io.beepkit.api.StartDecision;
import io.beepkit.api.security.TlsSessionInfo;
import io.beepkit.core.mgmt.ManagementCodec;
import io.beepkit.core.mgmt.ManagementMessage;

import javax.security.sasl.SaslException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives an initiator exchange against a listener exchange the way the engine will: piggybacked content travels
 * through real channel-0 start and reply elements (written and parsed by {@link ManagementCodec}), later blobs as
 * MSG bodies, failures as ERR codes.
 */
final class SaslHarness {
    /** A public test certificate (subject CN=acinom, O=beepkit test); its private key was never kept. */
    static final String CLIENT_CERT = """
            -----BEGIN CERTIFICATE-----
            MIIBajCCAQ+gAwIBAgIIEhBWO06ZdBUwCgYIKoZIzj0EAwIwKDEVMBMGA1UEChMM
            YmVlcGtpdCB0ZXN0MQ8wDQYDVQQDEwZhY2lub20wIBcNMjYxMTIzMTQ0NjQwWhgP
            MjEyNjEwMzAxNDQ2NDBaMCgxFTATBgNVBAoTDGJlZXBraXQgdGVzdDEPMA0GA1UE
            AxMGYWNpbm9tMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE1/ZPVhDwrZGA6SxW
            2gJnmScHkjGuUaJDed8ZqSIgygfxqCJMo4N/KaZSnV/mk6PQ6T4dg10aqRSykiL9
            il/LrqMhMB8wHQYDVR0OBBYEFGKmnI8kjr3Y67yPWtUn2qyf63iJMAoGCCqGSM49
            BAMCA0kAMEYCIQCDTqAlOTA81K5C4K3qquC0Z9gpmsluqEc+olsVuD5FPAIhAMaD
            eqkBloeooL6tu/JbWKBG+1ZGNljg5PmBGPjXIAuj
            -----END CERTIFICATE-----
            """;

    /** The messages that crossed, in order, for assertions on the wire form. */
    final List<String> wire = new ArrayList<>();

    private SaslHarness() {
    }

    static SaslHarness create() {
        return new SaslHarness();
    }

    static TlsSessionInfo tlsWithClientCertificate() throws Exception {
        X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(CLIENT_CERT.getBytes(StandardCharsets.US_ASCII)));
        return new TlsSessionInfo("TLSv1.3", "TLS_AES_128_GCM_SHA256", List.of(cert), null);
    }

    static TlsSessionInfo tlsWithoutClientCertificate() {
        return new TlsSessionInfo("TLSv1.3", "TLS_AES_128_GCM_SHA256", List.of(), null);
    }

    /** Runs the exchange to its end and returns the initiator's last step. */
    SaslStep run(SaslInitiatorExchange client, SaslListenerExchange server, String serverName) throws SaslException {
        String content = client.startContent();
        String received = throughStart(client.profileUri(), content);
        wire.add("start: " + received);
        StartDecision decision = server.onStart(received, serverName);
        SaslStep step;
        if (decision.accepted()) {
            String reply = throughStartReply(client.profileUri(), decision.replyData());
            wire.add("start reply: " + reply);
            step = client.onStartReply(reply);
        } else {
            wire.add("start refused: " + decision.code());
            step = client.onStartRefused(decision.code(), decision.diagnostic());
        }
        while (step.kind() == SaslStep.Kind.SEND) {
            wire.add("MSG: " + step.message());
            SaslAnswer answer = server.onMessage(step.message().getBytes(StandardCharsets.UTF_8));
            if (answer.positive()) {
                wire.add("RPY: " + answer.blob());
                step = client.onReply(answer.entity().body());
            } else {
                wire.add("ERR: " + answer.code());
                step = client.onError(answer.code(), answer.diagnostic());
            }
        }
        return step;
    }

    /** The piggybacked content as the listener's engine sees it after channel 0 wrote and parsed the start. */
    static String throughStart(String uri, String content) {
        String xml = ManagementCodec.write(new ManagementMessage.Start(1, null,
                List.of(new ManagementMessage.Profile(uri, content, false))));
        ManagementMessage.Start start = (ManagementMessage.Start) ManagementCodec.parse(
                xml.getBytes(StandardCharsets.UTF_8));
        return start.profiles().get(0).content();
    }

    /** The piggybacked reply content as the initiator's engine sees it. */
    static String throughStartReply(String uri, String content) {
        String xml = ManagementCodec.write(new ManagementMessage.Profile(uri, content, false));
        return ((ManagementMessage.Profile) ManagementCodec.parse(xml.getBytes(StandardCharsets.UTF_8))).content();
    }
}
