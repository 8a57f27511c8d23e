package io.beepkit.core.profiles;

import io.beepkit.api.Message;
import io.beepkit.api.MimeEntity;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.ProfileHandler;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.Responder;

/** Ready-made profiles for tests and tools: echo and sink, under the URIs other BEEP implementations use. */
public final class StandardProfiles {
    /** The echo profile of beepcore-java's examples. */
    public static final String ECHO = "http://xml.resource.org/profiles/NULL/ECHO";
    /** The sink profile (empty reply) of beepcore-java's examples. */
    public static final String SINK = "http://xml.resource.org/profiles/NULL/REPLY";
    /** The echo profile Vortex's echo client opens. */
    public static final String VORTEX_ECHO = "urn:aspl.es:beep:profiles:echo";

    private StandardProfiles() {
    }

    /** Replies to every MSG with the same entity, on the session's I/O thread ({@link ProfileHandler#nonBlocking}). */
    public static MessageHandler echo() {
        return new Echo();
    }

    /** Replies to every MSG with an empty RPY, on the session's I/O thread ({@link ProfileHandler#nonBlocking}). */
    public static MessageHandler sink() {
        return new Sink();
    }

    /** Registers echo under {@link #ECHO} and {@link #VORTEX_ECHO}, and sink under {@link #SINK}. */
    public static ProfileRegistry registerDefaults(ProfileRegistry registry) {
        MessageHandler echo = echo();
        return registry.register(ECHO, echo).register(VORTEX_ECHO, echo).register(SINK, sink());
    }

    private static final class Echo implements MessageHandler {
        @Override
        public void onMessage(Message message, Responder responder) {
            responder.reply(message.entity());
        }

        /** It only answers: it runs on the session's I/O thread. */
        @Override
        public boolean nonBlocking() {
            return true;
        }
    }

    private static final class Sink implements MessageHandler {
        @Override
        public void onMessage(Message message, Responder responder) {
            responder.reply(MimeEntity.EMPTY_ENTITY);
        }

        /** It only answers: it runs on the session's I/O thread. */
        @Override
        public boolean nonBlocking() {
            return true;
        }
    }
}
