package io.beepkit.test;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** What {@link TeardownExtension} closes, when, in which order, and how a close that fails or hangs is reported. */
class TeardownExtensionTest {
    static final List<String> CLOSED = new CopyOnWriteArrayList<>();

    @Test
    void closesWhatEachTestRegisteredAfterItInReverseOrderAndTheClassResourcesLast() {
        CLOSED.clear();
        Examples.run(Registering.class).testEvents().assertStatistics(s -> s.started(2).succeeded(2));
        assertEquals(List.of("a2", "a1", "b1", "class"), CLOSED);
    }

    @Test
    void failsTheTestNamingEachResourceThatThrewOrHung() {
        CLOSED.clear();
        Examples.run(Failing.class).testEvents().assertStatistics(s -> s.started(1).failed(1))
                .assertThatEvents().haveExactly(1, event(finishedWithFailure(message(m ->
                        m.contains("throwing (java.io.IOException: refused)")
                                && m.contains("hanging (java.util.concurrent.TimeoutException: close() did not"
                                        + " return within PT0.2S)")))));
        assertEquals(List.of("after", "before"), CLOSED, "every resource is closed even when one fails");
    }

    static AutoCloseable named(String name) {
        return new AutoCloseable() {
            @Override
            public void close() {
                CLOSED.add(name);
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    @ExtendWith(Examples.class)
    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class Registering {
        @RegisterExtension
        static final TeardownExtension TEARDOWN = new TeardownExtension();

        @BeforeAll
        static void registerForTheClass() {
            TEARDOWN.add(named("class"));
        }

        @Test
        void a() {
            TEARDOWN.add(named("a1"));
            TEARDOWN.add(named("a2"));
        }

        @Test
        void b() {
            TEARDOWN.add(named("b1"));
        }
    }

    @ExtendWith(Examples.class)
    static class Failing {
        @RegisterExtension
        final TeardownExtension teardown = new TeardownExtension(Duration.ofMillis(200));

        @Test
        void registersResourcesThatCannotClose() {
            teardown.add(named("before"));
            CountDownLatch never = new CountDownLatch(1);
            teardown.onClose(new AutoCloseable() {
                @Override
                public void close() throws InterruptedException {
                    never.await();
                }

                @Override
                public String toString() {
                    return "hanging";
                }
            });
            teardown.add(new AutoCloseable() {
                @Override
                public void close() throws IOException {
                    throw new IOException("refused");
                }

                @Override
                public String toString() {
                    return "throwing";
                }
            });
            teardown.add(named("after"));
        }
    }
}
