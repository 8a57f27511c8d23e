package io.beepkit.netty.internal;

import io.beepkit.api.BeepSession;
import io.beepkit.api.ProfileRegistry;
import io.beepkit.api.SessionRole;
import io.beepkit.netty.BeepConfig;
import io.beepkit.netty.internal.codec.BeepFrameDecoder;
import io.beepkit.netty.internal.codec.BeepFrameEncoder;
import io.beepkit.netty.internal.codec.FrameTraceHandler;
import io.beepkit.netty.internal.security.SecurityEndpoint;
import io.beepkit.netty.internal.session.BeepSessionHandler;
import io.beepkit.netty.internal.session.DefaultBeepSession;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;

import java.util.function.Consumer;

/** Builds the pipeline of one connection: frame decoder, frame encoder, session multiplexer. */
@ChannelHandler.Sharable
public final class PipelineInitializer extends ChannelInitializer<Channel> {
    private final SessionRole role;
    private final BeepConfig config;
    private final ProfileRegistry registry;
    private final Transport transport;
    private final Consumer<BeepSession> onReady;
    private final Consumer<DefaultBeepSession> onCreated;
    private final SecurityEndpoint security;
    private final String peerHost;
    private final int peerPort;

    /**
     * @param security the listener's or initiator's TLS and SASL, built once
     * @param peerHost the host an initiator connects to (SNI, certificate check), or null
     * @param peerPort the port an initiator connects to, or 0
     */
    public PipelineInitializer(SessionRole role, BeepConfig config, ProfileRegistry registry, Transport transport,
                               Consumer<DefaultBeepSession> onCreated, Consumer<BeepSession> onReady,
                               SecurityEndpoint security, String peerHost, int peerPort) {
        this.role = role;
        this.config = config;
        this.registry = registry;
        this.transport = transport;
        this.onCreated = onCreated;
        this.onReady = onReady;
        this.security = security;
        this.peerHost = peerHost;
        this.peerPort = peerPort;
    }

    @Override
    protected void initChannel(Channel ch) {
        BeepSessionHandler session = new BeepSessionHandler(role, config, registry, onReady, transport, security,
                peerHost, peerPort);
        ch.pipeline().addLast(BeepFrameDecoder.NAME, new BeepFrameDecoder(config.socketProfile().maxWindow()));
        ch.pipeline().addLast("beep-frame-encoder", BeepFrameEncoder.INSTANCE);
        if (config.frameTracer() != null) {
            ch.pipeline().addLast("beep-frame-trace", new FrameTraceHandler(config.frameTracer()));
        }
        onCreated.accept(session.session()); // before the session greets: it must be known once the peer sees the greeting
        ch.pipeline().addLast("beep-session", session);
    }
}
