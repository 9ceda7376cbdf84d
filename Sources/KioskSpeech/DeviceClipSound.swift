import Foundation
import Kiosk
import Logging
import Speech
import Video

/// The device's sound: speech mode (`DeviceSpeech`) and clips' sound on one sound card,
/// sharing whether speech speaks, so a playing clip is lowered under an announcement.
/// `lectern run` hands its two makers to the composition root (`KioskEnvironment`).
public final class DeviceSound {
    private let speaking = SpeechActivity()

    public init() {}

    public func speech(config: KioskConfig, log: Logger) -> DeviceSpeech? {
        DeviceSpeech.make(config: config, log: log, speaking: speaking)
    }

    public func clips(config: KioskConfig, log: Logger) -> ClipSound {
        DeviceClipSound.make(config: config, log: log, speaking: speaking)
    }
}

/// Clips' sound on the device: each clip that plays with sound gets an ALSA output on
/// the speech output's sound card (`DeviceSpeech.soundCard`), at full scale (ducked
/// while speech speaks). Here, beside speech, so that the composition root, Kiosk and
/// Video link no audio library. The card is opened at the clip's first sound, not before.
enum DeviceClipSound {
    /// The rate clips' sound is resampled to (libswresample): the usual rate of cards and
    /// of clips' own AAC and Opus streams, so usually nothing is resampled twice.
    static let sampleRate = 48_000

    static func make(config: KioskConfig, log: Logger, speaking: SpeechActivity) -> ClipSound {
        let reported = FailureOnce()
        let device = config.speech.device
        return ClipSound(speech: speaking) {
            ALSAClipOutput(sink: DeviceSpeech.soundCard(config, volume: 1)) { message in
                guard reported.first() else { return }
                log.warning("clip sound: \(message) (ALSA device \"\(device)\"); check `aplay -L` and [speech] device; clips play on silent")
            }
        }
    }
}

/// One clip's sound into ALSA: the sink is prepared at the first write; a card that
/// cannot be opened is reported (once, by the maker) and the clip plays on silent.
final class ALSAClipOutput: ClipAudioOutput {
    let sampleRate = DeviceClipSound.sampleRate
    private let sink: ALSASink
    private let failed: (String) -> Void
    private var prepared = false

    init(sink: ALSASink, failed: @escaping (String) -> Void) {
        self.sink = sink
        self.failed = failed
    }

    func write(_ samples: [Int16], shouldStop: () -> Bool) -> Bool {
        if !prepared {
            do throws(SpeechError) { try sink.begin(sampleRate: sampleRate) } catch {
                failed(error.message)
                return false
            }
            prepared = true
        }
        return sink.write(samples, shouldStop: shouldStop)
    }

    var pending: Int { sink.pending }

    func drop() {
        sink.drop()
    }
}
