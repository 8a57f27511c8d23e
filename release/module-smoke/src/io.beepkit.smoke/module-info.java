/** An application on the module path: it reads beepkit's modules as any application would. */
module io.beepkit.smoke {
    requires io.beepkit.netty;
    requires io.beepkit.syslog;
    requires io.beepkit.syslog.kafka;
    requires io.beepkit.micrometer;
}
