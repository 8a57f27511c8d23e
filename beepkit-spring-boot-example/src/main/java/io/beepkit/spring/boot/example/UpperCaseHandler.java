package io.beepkit.spring.boot.example;

import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.beepkit.spring.BeepProfile;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Locale;

/**
 * Answers every MSG with its text in upper case: registered with the listener by {@link BeepProfile}. With
 * {@code example.upper.delay} it first waits that long, as a handler calling a slow backend would: callbacks run off
 * the event loop, so blocking here holds up only this session.
 */
@Component
@BeepProfile(UpperCaseHandler.URI)
public class UpperCaseHandler implements MessageHandler {
    /** The profile URI this handler serves. */
    public static final String URI = "urn:example:upper";
    private final Duration delay;

    /** @param delay how long to wait before each reply ({@code example.upper.delay}, default none) */
    public UpperCaseHandler(@Value("${example.upper.delay:0ms}") Duration delay) {
        this.delay = delay;
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        if (!delay.isZero()) {
            try {
                Thread.sleep(delay.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        responder.reply(MimeEntity.of(message.entity().bodyText().toUpperCase(Locale.ROOT)));
    }
}
