package io.beepkit.syslog.internal;

import io.beepkit.api.Message;
import io.beepkit.api.MessageHandler;
import io.beepkit.api.Responder;

/** The device's COOKED profile: the collector sends no MSGs on COOKED (RFC 3195 §4.4), so any is answered ERR 500. */
public final class DeviceCookedHandler implements MessageHandler {
    @Override
    public void onMessage(Message message, Responder responder) {
        responder.refuse(500, "on COOKED only the device sends MSGs (RFC 3195 §4.4)");
    }
}
