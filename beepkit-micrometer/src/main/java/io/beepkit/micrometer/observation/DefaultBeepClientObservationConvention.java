package io.beepkit.micrometer.observation;

import io.micrometer.common.KeyValues;

/**
 * The default names and key values of initiator-side exchanges: the observation (and its timer) is
 * {@value #NAME}; spans are named {@code "beep <profile URI>"}. Extend it to change one part.
 */
public class DefaultBeepClientObservationConvention implements BeepClientObservationConvention {
    /** The observation name. */
    public static final String NAME = "beep.client.exchanges";

    /** For subclasses and for the observation API, which instantiates default conventions reflectively. */
    public DefaultBeepClientObservationConvention() {
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(BeepClientContext context) {
        return "beep " + context.exchange().profile();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(BeepClientContext context) {
        return ExchangeKeyValues.low(context.exchange(), context.replyKind());
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(BeepClientContext context) {
        return ExchangeKeyValues.high(context.exchange());
    }
}
