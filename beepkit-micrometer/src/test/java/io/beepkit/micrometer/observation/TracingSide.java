package io.beepkit.micrometer.observation;

import brave.Tracing;
import brave.handler.MutableSpan;
import brave.handler.SpanHandler;
import brave.propagation.ThreadLocalCurrentTraceContext;
import brave.propagation.TraceContext;
import brave.sampler.Sampler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.brave.bridge.BraveBaggageManager;
import io.micrometer.tracing.brave.bridge.BraveCurrentTraceContext;
import io.micrometer.tracing.brave.bridge.BravePropagator;
import io.micrometer.tracing.brave.bridge.BraveTracer;
import io.micrometer.tracing.brave.bridge.W3CPropagation;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One side's observability as an application with Micrometer Tracing would have it: Brave with W3C propagation,
 * finished spans kept in memory, a meter registry fed by the observations, and every stopped context kept. Each
 * side of a test has its own, so a trace can only cross through the MSG's headers.
 */
final class TracingSide implements AutoCloseable {
    final List<MutableSpan> spans = new CopyOnWriteArrayList<>();
    final List<Observation.Context> stopped = new CopyOnWriteArrayList<>();
    final MeterRegistry meters = new SimpleMeterRegistry();
    final ObservationRegistry registry = ObservationRegistry.create();
    private final Tracing tracing;
    final BraveTracer tracer;

    TracingSide(String service) {
        tracing = Tracing.newBuilder()
                .localServiceName(service)
                .sampler(Sampler.ALWAYS_SAMPLE)
                .traceId128Bit(true)
                .currentTraceContext(ThreadLocalCurrentTraceContext.newBuilder().build())
                .propagationFactory(new W3CPropagation())
                .addSpanHandler(new SpanHandler() {
                    @Override
                    public boolean end(TraceContext context, MutableSpan span, Cause cause) {
                        spans.add(span);
                        return true;
                    }
                })
                .build();
        tracer = new BraveTracer(tracing.tracer(), new BraveCurrentTraceContext(tracing.currentTraceContext()),
                new BraveBaggageManager());
        BravePropagator propagator = new BravePropagator(tracing);
        registry.observationConfig()
                .observationHandler(new ObservationHandler.FirstMatchingCompositeObservationHandler(
                        new PropagatingSenderTracingObservationHandler<>(tracer, propagator),
                        new PropagatingReceiverTracingObservationHandler<>(tracer, propagator),
                        new DefaultTracingObservationHandler(tracer)))
                .observationHandler(new DefaultMeterObservationHandler(meters))
                .observationHandler(new ObservationHandler<>() {
                    @Override
                    public void onStop(Observation.Context context) {
                        stopped.add(context);
                    }

                    @Override
                    public boolean supportsContext(Observation.Context context) {
                        return true;
                    }
                });
    }

    @Override
    public void close() {
        tracing.close();
    }
}
