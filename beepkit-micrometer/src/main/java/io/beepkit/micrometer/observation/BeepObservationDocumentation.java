package io.beepkit.micrometer.observation;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations beepkit makes, their default conventions and key names. The key values are the same on both
 * sides, so that a dashboard can put a listener's and an initiator's view of one profile side by side.
 */
public enum BeepObservationDocumentation implements ObservationDocumentation {
    /** Listener side: a MSG handled by a profile handler, until its RPY, ERR or NUL is handed over for sending. */
    SERVER_EXCHANGE {
        @Override
        public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
            return DefaultBeepServerObservationConvention.class;
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return LowCardinalityKeyNames.values();
        }

        @Override
        public KeyName[] getHighCardinalityKeyNames() {
            return HighCardinalityKeyNames.values();
        }
    },

    /** Initiator side: a MSG sent on a channel, until its reply is complete or the send fails. */
    CLIENT_EXCHANGE {
        @Override
        public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
            return DefaultBeepClientObservationConvention.class;
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return LowCardinalityKeyNames.values();
        }

        @Override
        public KeyName[] getHighCardinalityKeyNames() {
            return HighCardinalityKeyNames.values();
        }
    };

    /** Keys with few values: they become meter tags. */
    public enum LowCardinalityKeyNames implements KeyName {
        /** The profile URI of the channel. */
        PROFILE {
            @Override
            public String asString() {
                return "beep.profile";
            }
        },
        /** Our side of the session: {@code initiator} or {@code listener}. */
        ROLE {
            @Override
            public String asString() {
                return "beep.role";
            }
        },
        /** How the exchange ended: {@code rpy}, {@code err}, {@code ans} or {@code error} ({@link ReplyKind}). */
        REPLY {
            @Override
            public String asString() {
                return "beep.reply";
            }
        }
    }

    /** Keys with many values: span attributes only, never meter tags. */
    public enum HighCardinalityKeyNames implements KeyName {
        /** The channel number. */
        CHANNEL {
            @Override
            public String asString() {
                return "beep.channel";
            }
        },
        /** The peer's address, {@code host:port}. */
        PEER_ADDRESS {
            @Override
            public String asString() {
                return "network.peer.address";
            }
        }
    }
}
