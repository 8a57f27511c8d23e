package io.beepkit.netty.reliability;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A network namespace of its own joined to the test's namespace by a veth pair, with a /30 of 10.213.0.0/16 chosen
 * from the process id (so that parallel builds on one machine do not collide). The far end ({@link #farAddress()})
 * lives in the namespace, where {@link #command(List)} runs a process; the near end stays here. {@link #partition()}
 * takes the far end's link down: what either side sends is dropped, and the established connection sees no FIN, no TCP
 * reset and no error, as when a cable is cut behind a router. {@link #heal()} brings it back. Needs root and
 * {@code ip} (iproute2); {@link #create()} skips the calling test (JUnit assumption) when either is missing. Only
 * iproute2 is used: the kernels this runs on do not all have netem, tc classifiers or netfilter.
 */
final class NetnsLink implements AutoCloseable {
    private static final long COMMAND_SECONDS = 10;
    private static final AtomicInteger CREATED = new AtomicInteger();

    private final String namespace;
    private final String nearLink;
    private final String farLink;
    private final String nearAddress;
    private final String farAddress;
    private final String ip;

    private NetnsLink(String ip, String id, int subnet) {
        this.ip = ip;
        this.namespace = "beepkit-part-" + id;
        this.nearLink = "bkn" + id;
        this.farLink = "bkf" + id;
        int third = (subnet >> 6) & 0xff;
        int fourth = (subnet & 0x3f) << 2;
        this.nearAddress = "10.213." + third + "." + (fourth + 1);
        this.farAddress = "10.213." + third + "." + (fourth + 2);
    }

    /** Creates the namespace and the link, or skips the test saying why it cannot. */
    static NetnsLink create() throws IOException, InterruptedException {
        String ip = findIp();
        if (ip == null) {
            Assumptions.abort("skipped: iproute2's `ip` command is not installed");
        }
        long pid = ProcessHandle.current().pid();
        NetnsLink link = null;
        for (int i = 0; i < 64 && link == null; i++) {
            // Interface names hold at most 15 characters: "bkn" + 7 digits + "x" + up to 3 digits.
            String id = (pid % 10_000_000) + "x" + (CREATED.get() % 1000);
            NetnsLink candidate = new NetnsLink(ip, id, (int) ((pid + i) % 16_384));
            if (run(ip, "-o", "addr", "show", "to", candidate.nearAddress + "/30").output().isBlank()) {
                link = candidate;
            }
        }
        Assumptions.assumeTrue(link != null, "skipped: no free /30 in 10.213.0.0/16");
        CREATED.incrementAndGet();
        Result added = run(ip, "netns", "add", link.namespace);
        Assumptions.assumeTrue(added.ok(), () -> "skipped: cannot create a network namespace (this test needs root): "
                + added.output().strip());
        try {
            link.setUp();
        } catch (IOException e) {
            link.close();
            Assumptions.abort("skipped: cannot set up the veth pair: " + e.getMessage());
        } catch (RuntimeException e) {
            link.close();
            throw e;
        }
        // Some containers let a namespace be made but not entered (ip netns exec remounts /sys).
        Result entered = run(link.command(List.of("true")).toArray(String[]::new));
        if (!entered.ok()) {
            link.close();
            Assumptions.abort("skipped: cannot run a process in a network namespace: " + entered.output().strip());
        }
        return link;
    }

    private void setUp() throws IOException, InterruptedException {
        check("ip", "link", "add", nearLink, "type", "veth", "peer", "name", farLink);
        check("ip", "link", "set", farLink, "netns", namespace);
        check("ip", "addr", "add", nearAddress + "/30", "dev", nearLink);
        check("ip", "link", "set", nearLink, "up");
        check("ip", "-n", namespace, "addr", "add", farAddress + "/30", "dev", farLink);
        check("ip", "-n", namespace, "link", "set", "lo", "up");
        check("ip", "-n", namespace, "link", "set", farLink, "up");
    }

    /** The address of the end inside the namespace. */
    String farAddress() {
        return farAddress;
    }

    /** The namespace's name. */
    String namespace() {
        return namespace;
    }

    /** {@code command} prefixed to run inside the namespace. */
    List<String> command(List<String> command) {
        List<String> all = new ArrayList<>(List.of(ip, "netns", "exec", namespace));
        all.addAll(command);
        return all;
    }

    /** Silently cuts the link: the far end goes down, what either side sends is dropped. */
    void partition() throws IOException, InterruptedException {
        check("ip", "-n", namespace, "link", "set", farLink, "down");
    }

    /** Restores the link (the far address and its route come back with it). */
    void heal() throws IOException, InterruptedException {
        check("ip", "-n", namespace, "link", "set", farLink, "up");
    }

    /** Removes the link and the namespace; errors are ignored, since some of it may never have been made. */
    @Override
    public void close() throws IOException, InterruptedException {
        run(ip, "link", "del", nearLink);
        run(ip, "netns", "del", namespace);
    }

    private void check(String... command) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(command));
        args.set(0, ip);
        Result r = run(args.toArray(String[]::new));
        if (!r.ok()) {
            throw new IOException(String.join(" ", args) + " failed: " + r.output().strip());
        }
    }

    private record Result(boolean ok, String output) {
    }

    private static Result run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(false, String.join(" ", command) + " did not finish within " + COMMAND_SECONDS + " s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(p.exitValue() == 0, out);
    }

    private static @Nullable String findIp() {
        for (String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
            Path p = Path.of(dir, "ip");
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
