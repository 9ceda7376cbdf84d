import Video

/// Where clips' sound goes, handed over by the composition root: an output made for each
/// clip that plays with sound (the speech output's ALSA device on the device, memory in
/// tests), and speech mode's state, which lowers a playing clip while it speaks. Whether
/// a clip plays with sound is the scene's rule (`KioskScene.playsWithSound`).
public struct ClipSound {
    /// A new output for one clip; nil when none can be made (then the clip plays silent).
    public let makeOutput: () -> ClipAudioOutput?
    public let speech: SpeechActivity

    public init(speech: SpeechActivity, makeOutput: @escaping () -> ClipAudioOutput?) {
        self.speech = speech
        self.makeOutput = makeOutput
    }
}
