import Kiosk
import Logging
import LoopCore
import Measure

/// What the kiosk reaches outside its loop, handed to `KioskWiring` by whoever runs it:
/// `lectern run` passes the Linux pieces (Platform's inotify calls, atomic file, headphone
/// jack and clock-set timerfd; KioskSpeech's espeak-ng into ALSA; the system's wall clock;
/// sd_notify's status line), the headless player what a tool or a test asks for, nothing
/// by default. A piece left out is a feature the kiosk runs without, as a snapshot does:
/// no opening hours, no content watch, no metrics file, no speech but the assembly's own,
/// no clip sound, no headphone jack, no clock-set watch, no TV switched over HDMI-CEC.
public struct KioskEnvironment {
    /// How layout treats a hyphenation dictionary that has not loaded yet.
    public enum DictionaryLoading: Sendable {
        /// Layout waits for it (the process's default): every frame is hyphenated, the
        /// first one later by the load (German: over a second).
        case heldByLayout
        /// Layout goes without it, it loads in the background and wakes the loop, and
        /// the pages are laid out again with it (the device: the first frame is not held).
        case inBackground
    }

    /// Where the pages' pictures are decoded (`DecodedPictures.shared`).
    public enum PictureDecoding: Sendable {
        /// In the frame that first draws them (the process's default): every frame shows
        /// every picture, a frame that decodes one late by the decode.
        case inFrame
        /// By a worker, which wakes the loop when a picture arrived (the device: no frame
        /// decodes; a picture not decoded yet shows the page's background until then).
        case inBackground
    }

    /// Wall-clock time and the time zone: the opening hours follow it (nil: no opening
    /// hours apply). The content watch and the metrics file read it too (nil: the
    /// system's, `SystemWallClock`).
    public var wallClock: WallClock?
    /// Speech mode's output for a configuration (espeak-ng into ALSA on the device; nil
    /// from it: the kiosk runs on silently). Without it the runtime keeps its own (none,
    /// or the transcript `lectern demo` assembled its kiosk with).
    public var speech: ((KioskConfig, Logger) -> SpeechOutput?)?
    /// Where clips' sound goes for a configuration (the speech output's ALSA card on the
    /// device, `KioskSpeech.DeviceSound`; nil: every clip plays silent).
    public var clipSound: ((KioskConfig, Logger) -> ClipSound?)?
    /// inotify, for `[watch]` (nil: the site is not watched; SIGHUP still reloads).
    public var fileWatch: FileWatchCalls?
    /// Replaces a file so that a reader sees the old content or the new, for `[metrics]`
    /// (nil: no metrics file is written).
    public var writeFileAtomically: ((_ text: String, _ path: String) throws -> Void)?
    /// Opens the headphone jack's switch devices, for `[speech] headphone_jack`.
    public var headphoneJack: (() -> HeadphoneSwitch)?
    /// A descriptor readable when the wall clock is set, so the opening hours are asked
    /// again at once.
    public var clockSetWatch: (() throws -> PolledDevice)?
    /// Opens an HDMI-CEC adapter for the TV switch (`[display] cec`; Platform's
    /// `LinuxCECAdapter`); nil: the TV is not switched, the panel by DPMS only.
    public var cec: TVSwitch.Open?
    /// The service's one-line status (systemd's STATUS=): the page on screen, content updates.
    public var status: (String) -> Void
    public var dictionaries: DictionaryLoading
    public var pictures: PictureDecoding
    /// Lectern's version, for the metrics file's `lectern_info` (`lectern run`: its own).
    public var softwareVersion: String
    /// Where the search index is built after the first frame: nil, not at all (a snapshot
    /// or a test that does not search); `.memory`; or a directory where it is kept per
    /// content version (`lectern run`: beside the PDF cache).
    public var searchIndex: SearchIndexPlace?

    public enum SearchIndexPlace: Sendable, Equatable {
        case memory
        case directory(String)
    }

    public init(wallClock: WallClock? = nil, speech: ((KioskConfig, Logger) -> SpeechOutput?)? = nil,
                clipSound: ((KioskConfig, Logger) -> ClipSound?)? = nil,
                fileWatch: FileWatchCalls? = nil, writeFileAtomically: ((_ text: String, _ path: String) throws -> Void)? = nil,
                headphoneJack: (() -> HeadphoneSwitch)? = nil, clockSetWatch: (() throws -> PolledDevice)? = nil,
                cec: TVSwitch.Open? = nil,
                status: @escaping (String) -> Void = { _ in }, dictionaries: DictionaryLoading = .heldByLayout,
                pictures: PictureDecoding = .inFrame, softwareVersion: String = "unknown", searchIndex: SearchIndexPlace? = nil) {
        self.wallClock = wallClock
        self.speech = speech
        self.clipSound = clipSound
        self.fileWatch = fileWatch
        self.writeFileAtomically = writeFileAtomically
        self.headphoneJack = headphoneJack
        self.clockSetWatch = clockSetWatch
        self.cec = cec
        self.status = status
        self.dictionaries = dictionaries
        self.pictures = pictures
        self.softwareVersion = softwareVersion
        self.searchIndex = searchIndex
    }
}
