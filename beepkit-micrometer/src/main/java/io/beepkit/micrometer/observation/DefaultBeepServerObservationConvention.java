package io.beepkit.micrometer.observation;

import io.micrometer.common.KeyValues;

/**
 * The default names and key values of listener-side exchanges: the observation (and its timer) is
 * {@value #NAME}; spans are named {@code "beep <profile URI>"}. Extend it to change one part.
 */
public class DefaultBeepServerObservationConvention implements BeepServerObservationConvention {
    /** The observation name. */
    public static final String NAME = "beep.server.exchanges";

    /** For subclasses and for the observation API, which instantiates default conventions reflectively. */
    public DefaultBeepServerObservationConvention() {
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(BeepServerContext context) {
        return "beep " + context.exchange().profile();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(BeepServerContext context) {
        return ExchangeKeyValues.low(context.exchange(), context.replyKind());
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(BeepServerContext context) {
        return ExchangeKeyValues.high(context.exchange());
    }
}
