import CALSA
import Foundation

/// Playback through ALSA (libasound): the configured device (`[speech] device`,
/// "default" for the system's), opened non-blocking, 16-bit mono at the synthesiser's
/// rate with ALSA resampling for cards that cannot do it. A full buffer is waited for
/// in slices of `waitSlice` so that a stop is heard within that; `drop` is
/// snd_pcm_drop: the card goes quiet at once.
public final class ALSASink: AudioSink, @unchecked Sendable {
    public let device: String
    /// 0…1, applied to the samples (cards without a mixer control stay configurable).
    public let volume: Double
    /// How long one wait for room or for the end lasts at most, in milliseconds.
    static let waitSlice: Int32 = 20
    /// ALSA's buffer, in microseconds: long enough not to underrun when the speech
    /// thread is preempted, short enough that the first sample is heard soon.
    static let latency: UInt32 = 100_000

    private var pcm: OpaquePointer?
    private var rate = 0

    public init(device: String = "default", volume: Double = 0.8) {
        self.device = device
        self.volume = min(max(volume, 0), 1)
    }

    deinit { if let pcm { snd_pcm_close(pcm) } }

    public func begin(sampleRate: Int) throws(SpeechError) {
        if pcm != nil && rate == sampleRate {
            let state = snd_pcm_state(pcm)
            if state != SND_PCM_STATE_PREPARED && state != SND_PCM_STATE_RUNNING { snd_pcm_prepare(pcm) }
            return
        }
        if let pcm { snd_pcm_close(pcm); self.pcm = nil }
        var handle: OpaquePointer?
        var status = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard status >= 0, let handle else {
            throw SpeechError("speech: cannot open the sound device \"\(device)\": \(Self.message(status)); set [speech] device to one `aplay -L` lists")
        }
        status = snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1, Self.latency)
        guard status >= 0 else {
            snd_pcm_close(handle)
            throw SpeechError("speech: the sound device \"\(device)\" cannot play 16-bit mono at \(sampleRate) Hz: \(Self.message(status))")
        }
        pcm = handle
        rate = sampleRate
    }

    public func write(_ samples: [Int16], shouldStop: () -> Bool) -> Bool {
        guard let pcm else { return false }
        let scaled = volume >= 1 ? samples : samples.map { Int16((Double($0) * volume).rounded()) }
        var offset = 0
        while offset < scaled.count {
            if shouldStop() { return false }
            let written = scaled.withUnsafeBufferPointer { buffer in
                snd_pcm_writei(pcm, buffer.baseAddress! + offset, snd_pcm_uframes_t(scaled.count - offset))
            }
            if written >= 0 {
                offset += Int(written)
            } else if written == -Int(EAGAIN) {
                snd_pcm_wait(pcm, Self.waitSlice)
            } else if snd_pcm_recover(pcm, Int32(written), 1) < 0 {
                return false  // the device went away: the rest is not heard
            }
        }
        return true
    }

    public func drain(shouldStop: () -> Bool) {
        guard let pcm else { return }
        // Non-blocking snd_pcm_drain would only answer EAGAIN: wait out the delay in slices.
        while !shouldStop() {
            var delay: snd_pcm_sframes_t = 0
            guard snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING, snd_pcm_delay(pcm, &delay) >= 0, delay > 0 else { return }
            let millis = min(Int(delay) * 1000 / max(rate, 1) + 1, Int(Self.waitSlice))
            usleep(useconds_t(millis * 1000))
        }
    }

    /// Frames written and not yet heard (snd_pcm_delay); 0 before the first write.
    public var pending: Int {
        guard let pcm else { return 0 }
        var delay: snd_pcm_sframes_t = 0
        guard snd_pcm_delay(pcm, &delay) >= 0 else { return 0 }
        return max(0, Int(delay))
    }

    public func drop() {
        guard let pcm else { return }
        snd_pcm_drop(pcm)
        snd_pcm_prepare(pcm)
    }

    private static func message(_ status: Int32) -> String { String(cString: snd_strerror(status)) }
}
