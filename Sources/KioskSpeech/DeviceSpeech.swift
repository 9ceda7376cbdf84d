import Foundation
import Kiosk
import Logging
import Speech

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
    public static func make(config: KioskConfig, log: Logger) -> DeviceSpeech? {
        guard config.speech.enabled else { return nil }
        let synthesizer: EspeakSynthesizer
        do {
            synthesizer = try EspeakSynthesizer(fallbackLanguage: config.text.language, rate: config.speech.rate)
        } catch {
            log.warning("speech mode unavailable: \(error); install espeak-ng-data (scripts/install-deps), or set [speech] enabled = false")
            return nil
        }
        let sink = ALSASink(device: config.speech.device, volume: config.speech.volume)
        let player = SpeechPlayer(synthesizer: synthesizer, sink: sink)
        let reported = FailureOnce()
        let device = config.speech.device
        player.onEvent = { event in
            guard case let .failed(message) = event, reported.first() else { return }
            log.warning("speech: \(message) (ALSA device \"\(device)\"); check `aplay -L` and [speech] device; speech mode stays silent")
        }
        log.info("speech mode ready: espeak-ng, ALSA device \"\(device)\", volume \(config.speech.volume), \(config.speech.rate) words/min")
        return DeviceSpeech(player: player)
    }

    private init(player: SpeechPlayer) { self.player = player }
    deinit { player.close() }

    public func speak(_ texts: [SpokenText]) { player.speak(texts.map { Utterance($0.text, language: $0.language) }) }
    public func stop() { player.stop() }
}

/// True the first time only, from any thread (the player reports on its own).
private final class FailureOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func first() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }
}
