package io.beepkit.spring.boot.autoconfigure;

import org.springframework.util.unit.DataSize;

/**
 * A socket profile by name and overrides of its settings ({@code beep.socket.*}). An override left unset keeps the
 * named profile's value; {@code docs/tuning.md} explains each setting.
 */
public class SocketSettings {
    /** The built-in socket profile: default, efficient, bulk, bounded or legacy. */
    private String profile = "default";
    /** TCP_NODELAY: true disables Nagle's algorithm. Unset keeps the profile's value. */
    private Boolean tcpNoDelay;
    /** SO_RCVBUF; unset keeps the profile's value (the default profile leaves it to the kernel's autotuning). */
    private DataSize receiveBuffer;
    /** SO_SNDBUF; unset keeps the profile's value (the default profile leaves it to the kernel). */
    private DataSize sendBuffer;
    /** Netty's low write-buffer water mark: the channel is writable again below it; unset for the profile's value. */
    private DataSize writeBufferLow;
    /** Netty's high write-buffer water mark: frames stop above it; unset for beep.socket.profile's value. */
    private DataSize writeBufferHigh;
    /** The receive window each channel advertises once started; unset for beep.socket.profile's value. */
    private DataSize initialWindow;
    /** The cap for automatic receive-window growth; unset for beep.socket.profile's value. */
    private DataSize maxWindow;
    /**
     * Whether the receive window may grow from initial-window up to max-window; false fixes it at initial-window;
     * unset for beep.socket.profile's value.
     */
    private Boolean windowAutoTuning;
    /** The smallest piece worth sending when a message must be split; unset for beep.socket.profile's value. */
    private DataSize minFragment;
    /** The largest frame payload sent; unset for beep.socket.profile's value. */
    private DataSize maxFrameSize;

    /** @return the profile name */
    public String getProfile() {
        return profile;
    }

    /** @param profile the profile name */
    public void setProfile(String profile) {
        this.profile = profile;
    }

    /** @return TCP_NODELAY, or null for the profile's */
    public Boolean getTcpNoDelay() {
        return tcpNoDelay;
    }

    /** @param tcpNoDelay TCP_NODELAY */
    public void setTcpNoDelay(Boolean tcpNoDelay) {
        this.tcpNoDelay = tcpNoDelay;
    }

    /** @return SO_RCVBUF, or null for the profile's */
    public DataSize getReceiveBuffer() {
        return receiveBuffer;
    }

    /** @param receiveBuffer SO_RCVBUF */
    public void setReceiveBuffer(DataSize receiveBuffer) {
        this.receiveBuffer = receiveBuffer;
    }

    /** @return SO_SNDBUF, or null for the profile's */
    public DataSize getSendBuffer() {
        return sendBuffer;
    }

    /** @param sendBuffer SO_SNDBUF */
    public void setSendBuffer(DataSize sendBuffer) {
        this.sendBuffer = sendBuffer;
    }

    /** @return the low water mark, or null for the profile's */
    public DataSize getWriteBufferLow() {
        return writeBufferLow;
    }

    /** @param writeBufferLow the low water mark */
    public void setWriteBufferLow(DataSize writeBufferLow) {
        this.writeBufferLow = writeBufferLow;
    }

    /** @return the high water mark, or null for the profile's */
    public DataSize getWriteBufferHigh() {
        return writeBufferHigh;
    }

    /** @param writeBufferHigh the high water mark */
    public void setWriteBufferHigh(DataSize writeBufferHigh) {
        this.writeBufferHigh = writeBufferHigh;
    }

    /** @return the initial window, or null for the profile's */
    public DataSize getInitialWindow() {
        return initialWindow;
    }

    /** @param initialWindow the initial window */
    public void setInitialWindow(DataSize initialWindow) {
        this.initialWindow = initialWindow;
    }

    /** @return the maximum window, or null for the profile's */
    public DataSize getMaxWindow() {
        return maxWindow;
    }

    /** @param maxWindow the maximum window */
    public void setMaxWindow(DataSize maxWindow) {
        this.maxWindow = maxWindow;
    }

    /** @return window auto-tuning, or null for the profile's */
    public Boolean getWindowAutoTuning() {
        return windowAutoTuning;
    }

    /** @param windowAutoTuning window auto-tuning */
    public void setWindowAutoTuning(Boolean windowAutoTuning) {
        this.windowAutoTuning = windowAutoTuning;
    }

    /** @return the minimum fragment, or null for the profile's */
    public DataSize getMinFragment() {
        return minFragment;
    }

    /** @param minFragment the minimum fragment */
    public void setMinFragment(DataSize minFragment) {
        this.minFragment = minFragment;
    }

    /** @return the largest frame payload, or null for the profile's */
    public DataSize getMaxFrameSize() {
        return maxFrameSize;
    }

    /** @param maxFrameSize the largest frame payload */
    public void setMaxFrameSize(DataSize maxFrameSize) {
        this.maxFrameSize = maxFrameSize;
    }
}
