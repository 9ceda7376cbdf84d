/// Speech mode and clips: a clip that starts playing is announced first, its title then
/// its captions' text, so a visitor who cannot see it knows what it shows.
extension SpeechMode {
    public func announceClip(title: String, captions: [String], language: String) {
        guard isOn else { return }
        output.stop()
        let texts = ([title] + captions).filter { !$0.isEmpty }.map { SpokenText($0.split(separator: "\n").joined(separator: " "), language: language) }
        if !texts.isEmpty { output.speak(texts) }
    }
}
