package io.beepkit.micrometer.observation;

import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import org.slf4j.MDC;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Answers as the MSG's body says: {@code rpy} (a reply listing what the handler saw: trace headers, the current span,
 * the MDC), {@code err}, {@code ans} (two answers and NUL), {@code throw}.
 */
final class ScriptedHandler implements MessageHandler {
    private final Tracer tracer;

    ScriptedHandler(Tracer tracer) {
        this.tracer = tracer;
    }

    @Override
    public void onMessage(Message message, Responder responder) {
        switch (message.entity().bodyText()) {
            case "rpy" -> responder.reply(MimeEntity.of(seen(message)));
            case "err" -> responder.refuse(550, "refused");
            case "ans" -> {
                responder.answer(MimeEntity.of("1"));
                responder.answer(MimeEntity.of("2"));
                responder.endAnswers();
            }
            case "throw" -> throw new IllegalStateException("scripted failure");
            default -> responder.refuse(500, "unknown script " + message.entity().bodyText());
        }
    }

    private String seen(Message message) {
        StringBuilder b = new StringBuilder();
        long traceparents = message.entity().headers().stream()
                .filter(h -> h.getKey().equalsIgnoreCase("traceparent")).count();
        b.append("traceparents=").append(traceparents).append('\n');
        b.append("traceparent=").append(message.entity().header("traceparent")).append('\n');
        Span current = tracer.currentSpan();
        b.append("spanInHandler=").append(current == null ? null : current.context().spanId()).append('\n');
        for (String key : new String[] {MdcProfileHandler.SESSION, MdcProfileHandler.CHANNEL,
                MdcProfileHandler.PROFILE}) {
            b.append(key).append('=').append(MDC.get(key)).append('\n');
        }
        return b.toString();
    }

    static Map<String, String> parse(String text) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                fields.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return fields;
    }
}
