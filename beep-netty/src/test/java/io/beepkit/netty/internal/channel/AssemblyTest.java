package io.beepkit.netty.internal.channel;

import io.beepkit.api.MimeEntity;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The frames of one incoming message held as retained slices until the last one: one frame needs no composite,
 * several are decoded once, and past the limit everything held is released. Frame payloads here come from the pooled
 * direct allocator, as off the network, and the class-level leak check fails the class on any buffer left behind.
 */
class AssemblyTest {
    private final List<ByteBuf> frames = new ArrayList<>();

    @AfterEach
    void releaseFrames() {
        for (ByteBuf f : frames) {
            assertEquals(1, f.refCnt(), "the assembly still holds a frame");
            f.release();
        }
    }

    private ByteBuf frame(String octets) {
        byte[] b = octets.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuf f = PooledByteBufAllocator.DEFAULT.directBuffer(Math.max(1, b.length)).writeBytes(b);
        frames.add(f);
        return f;
    }

    /** What the assembly holds (white box: the one-frame case must not build a composite). */
    private static ByteBuf held(Assembly a) throws ReflectiveOperationException {
        Field f = Assembly.class.getDeclaredField("parts");
        f.setAccessible(true);
        return (ByteBuf) f.get(a);
    }

    @Test
    @DisplayName("one frame: held as a retained slice, no composite, decoded and released")
    void oneFrameNoComposite() throws Exception {
        Assembly a = new Assembly(1024);
        ByteBuf f = frame("Content-Type: text/plain\r\n\r\nhello");
        assertTrue(a.append(f));
        assertEquals(2, f.refCnt(), "retained, not copied");
        ByteBuf h = held(a);
        assertFalse(h instanceof CompositeByteBuf, "one frame needs no composite: " + h);
        assertEquals(f.memoryAddress(), h.memoryAddress(), "a slice of the frame itself");
        assertEquals(33, a.size());
        MimeEntity e = a.takeEntity();
        assertEquals(List.of(Map.entry("Content-Type", "text/plain")), e.headers());
        assertArrayEquals("hello".getBytes(StandardCharsets.US_ASCII), e.body());
        assertEquals(1, f.refCnt(), "released after decoding");
        assertNull(held(a));
    }

    @Test
    @DisplayName("several frames, split inside the headers and the body: one composite, one decode")
    void severalFramesOneDecode() throws Exception {
        Assembly a = new Assembly(1024);
        ByteBuf f1 = frame("Content-Ty");
        ByteBuf f2 = frame("pe: a/b\r");
        ByteBuf f3 = frame("\n\r\nfirst ");
        ByteBuf f4 = frame("second");
        for (ByteBuf f : List.of(f1, f2, f3, f4)) {
            assertTrue(a.append(f));
            assertEquals(2, f.refCnt());
        }
        CompositeByteBuf c = assertInstanceOf(CompositeByteBuf.class, held(a));
        assertEquals(4, c.numComponents());
        assertEquals(33, a.size());
        MimeEntity e = a.takeEntity();
        assertEquals(List.of(Map.entry("Content-Type", "a/b")), e.headers());
        assertEquals("first second", new String(e.body(), StandardCharsets.US_ASCII));
        for (ByteBuf f : List.of(f1, f2, f3, f4)) {
            assertEquals(1, f.refCnt());
        }
    }

    @Test
    @DisplayName("empty frames count nothing and hold nothing")
    void emptyFramesAreSkipped() throws Exception {
        Assembly a = new Assembly(1024);
        ByteBuf empty = frame("");
        assertTrue(a.append(empty));
        assertEquals(1, empty.refCnt());
        assertNull(held(a));
        assertTrue(a.append(frame("\r\nx")));
        assertTrue(a.append(frame("")));
        assertFalse(held(a) instanceof CompositeByteBuf, "an empty frame does not turn one part into a composite");
        assertEquals("x", new String(a.takeEntity().body(), StandardCharsets.US_ASCII));
    }

    @Test
    @DisplayName("nothing appended: an empty entity")
    void nothingAppended() {
        Assembly a = new Assembly(10);
        MimeEntity e = a.takeEntity();
        assertEquals(List.of(), e.headers());
        assertEquals(0, e.body().length);
    }

    @Test
    @DisplayName("exactly at the limit is accepted")
    void exactlyAtTheLimit() {
        Assembly a = new Assembly(10);
        assertTrue(a.append(frame("\r\n1234")));
        assertTrue(a.append(frame("5678")));
        assertEquals(10, a.size());
        assertEquals("12345678", new String(a.takeEntity().body(), StandardCharsets.US_ASCII));
    }

    @Test
    @DisplayName("over the limit: false, everything held released, later frames only counted")
    void overTheLimitReleases() throws Exception {
        Assembly a = new Assembly(10);
        ByteBuf f1 = frame("\r\n1234");
        ByteBuf f2 = frame("5678");
        ByteBuf f3 = frame("9");
        assertTrue(a.append(f1));
        assertTrue(a.append(f2));
        assertFalse(a.append(f3));
        assertEquals(1, f1.refCnt());
        assertEquals(1, f2.refCnt());
        assertEquals(1, f3.refCnt(), "the frame over the limit is not retained");
        assertNull(held(a));
        assertEquals(11, a.size());
        ByteBuf f4 = frame("more");
        assertFalse(a.append(f4));
        assertEquals(1, f4.refCnt());
        assertEquals(15, a.size());
        a.release(); // harmless after the drop
    }

    @Test
    @DisplayName("a single frame larger than the limit is refused without being retained")
    void singleFrameOverTheLimit() {
        Assembly a = new Assembly(3);
        ByteBuf f = frame("\r\nabc");
        assertFalse(a.append(f));
        assertEquals(1, f.refCnt());
    }

    @Test
    @DisplayName("release drops the held slices, and twice is harmless")
    void releaseDropsSlices() throws Exception {
        Assembly a = new Assembly(100);
        ByteBuf f1 = frame("\r\nab");
        ByteBuf f2 = frame("cd");
        a.append(f1);
        a.append(f2);
        a.release();
        a.release();
        assertEquals(1, f1.refCnt());
        assertEquals(1, f2.refCnt());
        assertNull(held(a));
    }
}
