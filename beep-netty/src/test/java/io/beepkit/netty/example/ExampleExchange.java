package io.beepkit.netty.example;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.Reply;
import io.beepkit.api.ReplyListener;
import io.beepkit.core.profiles.StandardProfiles;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.BeepServer;
import io.beepkit.netty.BeepSessions;

import java.util.concurrent.TimeUnit;

/**
 * A listener and an initiator on 127.0.0.1 exchanging messages in each style of RFC 3080, printing what happens.
 * Run with {@code ./mvnw -q -pl beep-netty exec:java} after {@code ./mvnw -q install -DskipTests}.
 */
public final class ExampleExchange {
    private static final String COUNTDOWN = "urn:example:countdown";

    private ExampleExchange() {
    }

    public static void main(String[] args) throws Exception {
        try (BeepServer server = BeepServer.builder()
                .bind("127.0.0.1", 0)
                .profile(COUNTDOWN, (msg, responder) -> {
                    int n = Integer.parseInt(msg.entity().bodyText().trim());
                    if (n < 0) {
                        responder.refuse(550, "cannot count down from " + n);
                        return;
                    }
                    for (int i = n; i > 0; i--) {
                        responder.answer(MimeEntity.of("text/plain", Integer.toString(i).getBytes()));
                    }
                    responder.endAnswers();
                })
                .onSession(s -> System.out.println("listener: session from " + s.remoteAddress()))
                .build().start().get(5, TimeUnit.SECONDS);
             BeepClient client = BeepClient.builder().build()) {

            System.out.println("listener on " + server.localAddress() + " (" + server.transport() + ")");
            BeepSession session = client.connect("127.0.0.1", server.port()).get(5, TimeUnit.SECONDS);
            System.out.println("initiator: greeted, peer offers " + session.peerProfiles());
            System.out.println("initiator: socket " + BeepSessions.socketOptions(session));

            BeepChannel echo = session.startChannel(StandardProfiles.ECHO).get(5, TimeUnit.SECONDS);
            Reply rpy = echo.send(MimeEntity.of("text/plain", "hello, BEEP".getBytes())).get(5, TimeUnit.SECONDS);
            System.out.println("MSG/RPY   on channel " + echo.number() + ": " + rpy.entity().bodyText());

            BeepChannel countdown = session.startChannel(COUNTDOWN).get(5, TimeUnit.SECONDS);
            countdown.send(MimeEntity.of("3"), new ReplyListener() {
                @Override
                public void onAnswer(long ansno, MimeEntity answer) {
                    System.out.println("MSG/ANS   answer " + ansno + ": " + answer.bodyText());
                }

                @Override
                public void onAnswersComplete() {
                    System.out.println("MSG/NUL   all answers received");
                }
            }).get(5, TimeUnit.SECONDS);

            Reply err = countdown.send(MimeEntity.of("-1")).get(5, TimeUnit.SECONDS);
            System.out.println("MSG/ERR   code " + err.errorCode() + ": " + err.errorText());

            byte[] big = new byte[256 * 1024];
            Reply bigReply = echo.send(MimeEntity.of(big)).get(10, TimeUnit.SECONDS);
            System.out.println("large     " + bigReply.entity().body().length + " octets echoed; channel stats: "
                    + echo.stats());
            System.out.println("window    remote " + echo.remoteWindow() + ", local " + echo.localWindow()
                    + ", effective transfer size " + echo.effectiveTransferSize());

            echo.close().get(5, TimeUnit.SECONDS);
            countdown.close().get(5, TimeUnit.SECONDS);
            session.close().get(5, TimeUnit.SECONDS);
            System.out.println("initiator: channels closed, session released");
        }
    }
}
