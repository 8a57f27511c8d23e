package io.beepkit.spring.boot.example;

import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.Responder;
import io.beepkit.spring.boot.autoconfigure.BeepProfile;
import org.springframework.stereotype.Component;

import java.util.Locale;

/** Answers every MSG with its text in upper case: registered with the listener by {@link BeepProfile}. */
@Component
@BeepProfile(UpperCaseHandler.URI)
public class UpperCaseHandler implements ProfileHandler {
    /** The profile URI this handler serves. */
    public static final String URI = "urn:example:upper";

    @Override
    public void onMessage(Message message, Responder responder) {
        responder.reply(MimeEntity.of(message.entity().bodyText().toUpperCase(Locale.ROOT)));
    }
}
