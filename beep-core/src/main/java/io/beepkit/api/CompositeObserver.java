package io.beepkit.api;

import java.util.List;

/** Forwards every event to several observers, in order ({@link BeepObserver#composite}). */
final class CompositeObserver implements BeepObserver {
    private final BeepObserver[] observers;

    CompositeObserver(List<? extends BeepObserver> observers) {
        this.observers = observers.toArray(new BeepObserver[0]);
    }

    @Override
    public void sessionOpened(SessionRole role) {
        for (BeepObserver o : observers) {
            o.sessionOpened(role);
        }
    }

    @Override
    public void sessionClosed(SessionRole role, SessionOutcome outcome) {
        for (BeepObserver o : observers) {
            o.sessionClosed(role, outcome);
        }
    }

    @Override
    public void channelOpened(String profile, SessionRole role) {
        for (BeepObserver o : observers) {
            o.channelOpened(profile, role);
        }
    }

    @Override
    public void channelClosed(String profile, SessionRole role) {
        for (BeepObserver o : observers) {
            o.channelClosed(profile, role);
        }
    }

    @Override
    public void messageSent(String profile, SessionRole role, MessageType type, long octets, int frames) {
        for (BeepObserver o : observers) {
            o.messageSent(profile, role, type, octets, frames);
        }
    }

    @Override
    public void messageReceived(String profile, SessionRole role, MessageType type, long octets, int frames) {
        for (BeepObserver o : observers) {
            o.messageReceived(profile, role, type, octets, frames);
        }
    }

    @Override
    public void tinyFragmentSent(String profile, SessionRole role, int octets) {
        for (BeepObserver o : observers) {
            o.tinyFragmentSent(profile, role, octets);
        }
    }

    @Override
    public void tinyFragmentReceived(String profile, SessionRole role, int octets) {
        for (BeepObserver o : observers) {
            o.tinyFragmentReceived(profile, role, octets);
        }
    }

    @Override
    public void seqSent(String profile, SessionRole role) {
        for (BeepObserver o : observers) {
            o.seqSent(profile, role);
        }
    }

    @Override
    public void seqReceived(String profile, SessionRole role) {
        for (BeepObserver o : observers) {
            o.seqReceived(profile, role);
        }
    }

    @Override
    public void windowStall(String profile, SessionRole role, long nanos) {
        for (BeepObserver o : observers) {
            o.windowStall(profile, role, nanos);
        }
    }

    @Override
    public void protocolError(SessionRole role, ProtocolErrorKind kind) {
        for (BeepObserver o : observers) {
            o.protocolError(role, kind);
        }
    }

    @Override
    public void roundTrip(String profile, SessionRole role, long nanos) {
        for (BeepObserver o : observers) {
            o.roundTrip(profile, role, nanos);
        }
    }
}
