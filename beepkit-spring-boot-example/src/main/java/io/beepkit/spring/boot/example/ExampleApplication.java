package io.beepkit.spring.boot.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application serving BEEP through the starter: {@code application.yml} sets the listener, the
 * {@link UpperCaseHandler} bean answers {@value UpperCaseHandler#URI}, Actuator adds meters and a health indicator.
 * {@code docs/spring-boot.md} shows how to run it.
 */
@SpringBootApplication
public class ExampleApplication {
    /**
     * Starts the application; it runs until interrupted.
     *
     * @param args Spring Boot arguments, e.g. {@code --beep.server.port=10300}
     */
    public static void main(String[] args) {
        SpringApplication.run(ExampleApplication.class, args);
    }
}
