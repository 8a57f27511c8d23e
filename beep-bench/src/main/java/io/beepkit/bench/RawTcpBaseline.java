package io.beepkit.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * What loopback TCP alone does with the same exchange as {@link BtfBenchmark}: the initiator writes {@code size}-octet
 * messages keeping {@value #IN_FLIGHT} in flight, the listener reads each whole and answers one octet. No BEEP, no
 * windows: the ceiling the BEEP figures are compared with.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(java.util.concurrent.TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class RawTcpBaseline {
    static final int IN_FLIGHT = BtfBenchmark.IN_FLIGHT;
    static final int BATCH = BtfBenchmark.BATCH;

    @Param({"4096", "4098"})
    public int size;

    @Param({"true"})
    public boolean tcpNoDelay;

    private ServerSocket listener;
    private Socket client;
    private Thread responder;
    private OutputStream out;
    private InputStream in;
    private byte[] message;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        client = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
        client.setTcpNoDelay(tcpNoDelay);
        Socket accepted = listener.accept();
        accepted.setTcpNoDelay(tcpNoDelay);
        responder = new Thread(() -> respond(accepted), "raw-tcp-responder");
        responder.setDaemon(true);
        responder.start();
        out = client.getOutputStream();
        in = client.getInputStream();
        message = new byte[size];
    }

    private void respond(Socket s) {
        try (s) {
            DataInputStream din = new DataInputStream(s.getInputStream());
            OutputStream o = s.getOutputStream();
            byte[] buf = new byte[size];
            while (true) {
                din.readFully(buf);
                o.write(1);
            }
        } catch (IOException e) {
            // the benchmark closed the connection
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        client.close();
        listener.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void exchange() throws IOException {
        int outstanding = 0;
        for (int i = 0; i < BATCH; i++) {
            if (outstanding == IN_FLIGHT) {
                if (in.read() < 0) {
                    throw new IOException("closed");
                }
                outstanding--;
            }
            out.write(message);
            outstanding++;
        }
        while (outstanding-- > 0) {
            if (in.read() < 0) {
                throw new IOException("closed");
            }
        }
    }
}
