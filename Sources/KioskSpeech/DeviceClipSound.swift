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
    /// The rate clips' sound is resampled to (libswresample): one every card takes. At
    /// 48 kHz the machine test's emulated card (QEMU's hda-output) ran and recorded silence.
    static let sampleRate = 44_100

    static func make(config: KioskConfig, log: Logger, speaking: SpeechActivity) -> ClipSound {
        let reported = FailureOnce(), opened = FailureOnce()
        let device = config.speech.device
        return ClipSound(speech: speaking) {
            ALSAClipOutput(card: { DeviceSpeech.soundCard(config, volume: 1) }, opened: {
                guard opened.first() else { return }
                log.info("clip sound: ALSA device \"\(device)\", \(sampleRate) Hz mono")
            }, failed: { message in
                guard reported.first() else { return }
                log.warning("clip sound: \(message) (ALSA device \"\(device)\"); check `aplay -L` and [speech] device; clips play on silent")
            })
        }
    }
}

/// One clip's sound into ALSA: the card is opened at the first write and closed at a
/// drop (a pause, the clip closed), so a paused clip holds no device (speech can open a
/// card without dmix). A card that cannot be opened is reported (once, by the maker)
/// and the clip plays on silent.
final class ALSAClipOutput: ClipAudioOutput {
    let sampleRate = DeviceClipSound.sampleRate
    private let card: () -> ALSASink
    private let opened: () -> Void
    private let failed: (String) -> Void
    private var sink: ALSASink?

    /// `opened`: the card took the sound (logged once); `failed`: why it did not.
    init(card: @escaping () -> ALSASink, opened: @escaping () -> Void, failed: @escaping (String) -> Void) {
        self.card = card
        self.opened = opened
        self.failed = failed
    }

    func write(_ samples: [Int16], shouldStop: () -> Bool) -> Bool {
        let open: ALSASink
        if let sink { open = sink } else {
            open = card()
            do throws(SpeechError) { try open.begin(sampleRate: sampleRate) } catch {
                failed(error.message)
                return false
            }
            sink = open
            opened()
        }
        return open.write(samples, shouldStop: shouldStop)
    }

    var pending: Int { sink?.pending ?? 0 }

    func drop() {
        sink?.drop()
        sink = nil  // closed (ALSASink's deinit)
    }
}
