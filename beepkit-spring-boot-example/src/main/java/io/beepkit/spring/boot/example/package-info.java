/** A runnable Spring Boot application using the beepkit starter. */
package io.beepkit.spring.boot.example;
