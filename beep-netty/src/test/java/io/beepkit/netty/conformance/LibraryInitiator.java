package io.beepkit.netty.conformance;

import io.beepkit.api.BeepChannel;
import io.beepkit.api.BeepSession;
import io.beepkit.api.ChannelRequest;
import io.beepkit.netty.BeepClient;
import io.beepkit.netty.testing.ScriptedPeer;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.beepkit.netty.conformance.Violations.TIMEOUT;

/**
 * A library {@link BeepClient} session (the initiator) connected to a {@link WirePeer} playing the listener: the
 * setup for checking how the library's initiator side and its application futures react to a misbehaving listener.
 */
final class LibraryInitiator implements AutoCloseable {
    final ScriptedPeer.Listening listening;
    final WirePeer peer;
    final BeepSession session;

    private LibraryInitiator(ScriptedPeer.Listening listening, WirePeer peer, BeepSession session) {
        this.listening = listening;
        this.peer = peer;
        this.session = session;
    }

    /** Connects {@code client} to a scripted listener whose greeting offers {@code profiles}. */
    static LibraryInitiator connect(BeepClient client, String... profiles) throws Exception {
        ScriptedPeer.Listening listening = ScriptedPeer.listen();
        try {
            CompletableFuture<BeepSession> connecting = client.connect("127.0.0.1", listening.port());
            WirePeer peer = WirePeer.listener(listening, profiles);
            return new LibraryInitiator(listening, peer, connecting.get(TIMEOUT, TimeUnit.SECONDS));
        } catch (Exception | Error e) {
            listening.close();
            throw e;
        }
    }

    /** Starts a channel on {@code uri} from the library's side; the scripted listener accepts it. */
    BeepChannel open(String uri) throws Exception {
        return open(ChannelRequest.of(uri), uri);
    }

    /** Starts a channel with {@code request}; the scripted listener accepts it with {@code uri}. */
    BeepChannel open(ChannelRequest request, String uri) throws Exception {
        CompletableFuture<BeepChannel> starting = session.startChannel(request);
        peer.acceptStart(uri);
        return starting.get(TIMEOUT, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws IOException {
        try {
            peer.close();
        } finally {
            listening.close();
        }
    }
}
