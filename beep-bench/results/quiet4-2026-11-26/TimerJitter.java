import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/** Parks for a fixed interval, over and over, and prints how late it woke: this machine's own scheduling tail. */
public class TimerJitter {
    public static void main(String[] a) {
        long interval = Long.parseLong(a[0]) * 1000, seconds = Long.parseLong(a[1]);
        int n = (int) (seconds * 1_000_000_000L / interval);
        long[] late = new long[n];
        long next = System.nanoTime() + interval;
        for (int i = 0; i < n; i++) {
            long now;
            while ((now = System.nanoTime()) < next) {
                LockSupport.parkNanos(next - now);
            }
            late[i] = now - next;
            next += interval;
            if (now > next) next = now + interval; // no catch-up burst
        }
        Arrays.sort(late);
        System.out.printf("timer %d us x %d: late p50 %.3f ms, p99 %.3f, p99.9 %.3f, max %.3f%n", interval / 1000, n,
                late[n / 2] / 1e6, late[n * 99 / 100] / 1e6, late[n * 999 / 1000] / 1e6, late[n - 1] / 1e6);
    }
}
