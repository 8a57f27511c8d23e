package io.beepkit.test;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.core.profiles.StandardProfiles;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/** One request and its reply over a channel of a session, and a profile that answers in capitals. */
final class Exchanges {
    static final String UPPER = "urn:beepkit:test:upper";

    private Exchanges() {
    }

    static MessageHandler upper() {
        return (message, responder) ->
                responder.reply(MimeEntity.of(message.entity().bodyText().toUpperCase(Locale.ROOT)));
    }

    /** Sends {@code text} on a new channel of {@code profile} and returns the reply's text. */
    static String exchange(BeepSession session, String profile, String text) throws Exception {
        BeepChannel channel = session.startChannel(profile).get(20, TimeUnit.SECONDS);
        String reply = channel.send(MimeEntity.of(text)).get(20, TimeUnit.SECONDS).entity().bodyText();
        channel.close().get(20, TimeUnit.SECONDS);
        return reply;
    }

    static String echo(BeepSession session, String text) throws Exception {
        return exchange(session, StandardProfiles.ECHO, text);
    }
}
