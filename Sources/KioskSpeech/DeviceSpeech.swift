import Foundation
import Kiosk
import Logging
import Speech
import Video

/// Speech mode's output on the device: the Speech module's player (espeak-ng into ALSA
/// on its own thread) behind the scene's `SpeechOutput`. The language of each piece is
/// the page's (or the site's) and picks the espeak-ng voice. Its own module, so the
/// kiosk's composition root (KioskDevice) and the headless player link no audio library:
/// `lectern run` hands `make` to the root as the kiosk's speech.
public final class DeviceSpeech: SpeechOutput {
    private let player: SpeechPlayer

    /// The player for `[speech]`, or nil (logged once, with what to do) when espeak-ng
    /// cannot start: the kiosk then runs without speech mode. A missing or busy sound
    /// card shows only when speech is first played; that is logged once too, and speech
    /// mode stays on, silent (the scene cannot know whether anyone hears it).
    /// `speaking`: told when an announcement is about to be said and when it is over, so a
    /// clip's sound is lowered under it (`ClipSound`).
    static func make(config: KioskConfig, log: Logger, speaking: SpeechActivity?) -> DeviceSpeech? {
        guard config.speech.enabled else { return nil }
        let synthesizer: EspeakSynthesizer
        do {
            synthesizer = try EspeakSynthesizer(fallbackLanguage: config.text.language, rate: config.speech.rate)
        } catch {
            log.warning("speech mode unavailable: \(error); install espeak-ng-data (scripts/install-deps), or set [speech] enabled = false")
            return nil
        }
        let sink = soundCard(config, volume: config.speech.volume)
        let player = SpeechPlayer(synthesizer: synthesizer, sink: sink)
        let reported = FailureOnce()
        let device = config.speech.device
        player.onEvent = { event in
            switch event {
            case .started: speaking?.isSpeaking = true
            case .finished, .failed: speaking?.isSpeaking = false
            }
            guard case let .failed(message) = event, reported.first() else { return }
            log.warning("speech: \(message) (ALSA device \"\(device)\"); check `aplay -L` and [speech] device; speech mode stays silent")
        }
        log.info("speech mode ready: espeak-ng, ALSA device \"\(device)\", volume \(config.speech.volume), \(config.speech.rate) words/min")
        return DeviceSpeech(player: player, speaking: speaking)
    }

    /// The sound card speech and clips' sound play on: `[speech] device`, the one place
    /// it is named.
    static func soundCard(_ config: KioskConfig, volume: Double) -> ALSASink {
        ALSASink(device: config.speech.device, volume: volume)
    }

    private let speaking: SpeechActivity?

    private init(player: SpeechPlayer, speaking: SpeechActivity?) {
        self.player = player
        self.speaking = speaking
    }
    deinit { player.close() }

    public func speak(_ texts: [SpokenText]) {
        // Lowered before the first word, so the announcement's start is heard clearly.
        speaking?.isSpeaking = true
        player.speak(texts.map { Utterance($0.text, language: $0.language) })
    }

    public func stop() {
        player.stop()
        speaking?.isSpeaking = false
    }
}

/// True the first time only, from any thread (the player reports on its own).
final class FailureOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func first() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }
}
