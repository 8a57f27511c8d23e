package io.beepkit.netty.internal.mgmt;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which channel-0 bodies are surely start requests before parsing, and which are left to the parser. */
class StartPrecheckTest {
    private static boolean isStart(String body) {
        return StartPrecheck.isStart(body.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    @DisplayName("a start element, after white space or an XML declaration, is recognised")
    void startsAreRecognised() {
        assertTrue(isStart("<start number='1'><profile uri='x'/></start>"));
        assertTrue(isStart("\r\n  <start\nnumber='1'/>"));
        assertTrue(isStart("<?xml version='1.0'?>\r\n<start number='1'/>"));
    }

    @Test
    @DisplayName("other requests and anything unusual are left to the parser")
    void othersAreNot() {
        assertFalse(isStart("<close number='1' code='200'/>"));
        assertFalse(isStart("<startx number='1'/>"));
        assertFalse(isStart("<!-- c --><start number='1'/>"));
        assertFalse(isStart("<?xml version='1.0'"));
        assertFalse(isStart("<start"));
        assertFalse(isStart(""));
        assertFalse(isStart(" ".repeat(600) + "<start number='1'/>"));
    }
}
