import Typeset
import Video

/// The clips playing or paused on the page shown, and its animated pictures (GIF, WebP,
/// `PicturePlayer`), which play like muted looping clips under the same rules: the one
/// owner of "which clip plays" and of every moving thing's next frame time.
/// A decoder is opened when a clip first plays and closed when its page is left, so a
/// page of clips costs nothing until one is tapped. Lives on the loop's thread; the
/// decoders' threads reach the loop only through `wake` (the composition root's pipe).
public final class ClipPlayback {
    /// A clip of a page: its page and its place among the page's clips.
    public struct Key: Hashable, Sendable {
        public let page: Int
        public let index: Int
    }

    final class Entry {
        let player: ClipPlayer
        /// Its sound, when it plays with sound: the clock its pictures follow.
        var sound: ClipAudioPlayer?
        /// Its sound failed (logged once; the clip plays on silent).
        var soundFailureLogged = false
        /// The visitor paused it (autoplay does not start it again while it is in view).
        var pausedByVisitor = false
        /// Its decoder stopped on corrupt data (logged once; the last frame stays).
        var failureLogged = false
        /// Its captions (the WebVTT file beside it), nil without one or when it did not read.
        let captions: ClipCaptions?
        /// Why the captions file did not read: logged once (`newFailures`); the clip plays without.
        var captionProblem: String?
        init(player: ClipPlayer, captions: Result<ClipCaptions, ClipError>?) {
            self.player = player
            switch captions {
            case let .success(read): self.captions = read
            case let .failure(error): self.captions = nil; captionProblem = error.description
            case nil: self.captions = nil
            }
        }
        // The sound's thread holds its player: it ends only when told.
        deinit { sound?.stop() }

        func play(at time: Double) {
            player.play(at: time)
            sound?.play()
        }

        func pause(at time: Double) {
            player.pause(at: time)
            sound?.pause()
        }
    }

    private(set) var entries: [Key: Entry] = [:]
    /// The animated pictures opened on the page shown (key: page and place among the
    /// page's animated pictures). Opened when first in view, closed with the page.
    /// (Written by ClipPlayback+Pictures.swift.)
    var pictures: [Key: PicturePlayer] = [:]
    /// Animated pictures that would not open, with the reason (logged once; shown still).
    var pictureFailures: [Key: String] = [:]
    var newPictureFailures: [String] = []
    /// Clips that would not open, with the reason (logged once; the poster stays).
    private(set) var failures: [Key: String] = [:]
    /// Called from a decoder's thread when frames arrive: on the device, the loop's
    /// wake-up pipe. Nil: the loop learns of frames at its next turn only (tests poll).
    public var wake: (@Sendable () -> Void)? {
        didSet { for entry in entries.values { entry.player.decoder.onFrames = wake } }
    }

    /// Where clips' sound goes (nil: every clip plays silent).
    public var sound: ClipSound?

    /// Told the frames shown and dropped at each `advance` that took any (the runtime
    /// counts them for the metrics file).
    var onFramesCounted: ((_ shown: Int, _ dropped: Int) -> Void)?

    public init() {}

    public func player(_ key: Key) -> ClipPlayer? { entries[key]?.player }

    /// Whether any clip was opened on the page shown (playing, paused or finished).
    var hasPlayers: Bool { !entries.isEmpty || !pictures.isEmpty }

    /// Whether any clip or animated picture plays (the loop is woken at its frame times).
    public var isPlaying: Bool { entries.values.contains { $0.player.isPlaying } || pictures.values.contains { $0.isPlaying } }

    /// Frames dropped because the loop was late, over every clip since the page was shown.
    public var droppedFrames: Int { entries.values.reduce(0) { $0 + $1.player.droppedFrames } }

    /// A tap on `clip`: plays it (opening its decoder the first time) or pauses it.
    /// Other clips pause: one clip plays at a time. `captions`: the WebVTT file to show
    /// over it (`ClipCaptions.file(beside:language:)`). Returns the error when it failed before.
    @discardableResult
    public func toggle(_ key: Key, clip: PlacedClip, captions: String? = nil, withSound: Bool = false, at time: Double) -> String? {
        if let entry = entries[key], entry.player.isPlaying {
            entry.pause(at: time)
            entry.pausedByVisitor = true
            return nil
        }
        return play(key, clip: clip, captions: captions, withSound: withSound, at: time, byVisitor: true)
    }

    /// Starts `clip` (autoplay, or a tap); a finished clip starts again from its beginning.
    /// `withSound`: its sound plays too (when there is somewhere for it to go), and its
    /// pictures follow the sound.
    @discardableResult
    func play(_ key: Key, clip: PlacedClip, captions: String? = nil, withSound: Bool = false, at time: Double, byVisitor: Bool) -> String? {
        if let failure = failures[key] { return failure }
        for (other, entry) in entries where other != key { entry.pause(at: time) }
        if let entry = entries[key], !entry.player.hasFinished {
            entry.pausedByVisitor = false
            entry.play(at: time)
            return nil
        }
        let entry = openEntry(path: clip.file, loops: clip.source.loops, captions: captions)
        if withSound, let sound, let output = sound.makeOutput() {
            entry.sound = ClipAudioPlayer(path: clip.file, output: output, loops: clip.source.loops, speech: sound.speech)
        }
        entries[key] = entry
        entry.play(at: time)
        return nil
    }

    /// The attract loop's clip (`[idle] attract = "loop.mp4"`), among the others.
    public static let attractKey = Key(page: -1, index: 0)

    /// Plays the attract clip at `file` (looping, muted), opening it the first time and
    /// waiting for its first picture, so the frame that shows the attract screen shows
    /// the clip (no frame of the page beneath, none of background). A clip that fails
    /// is logged by `newFailures` and leaves the first page showing.
    func playAttract(file: String, captions: String?, at time: Double) {
        let key = Self.attractKey
        if failures[key] != nil { return }
        if let entry = entries[key] {
            entry.player.play(at: time)
            return
        }
        let entry = openEntry(path: file, loops: true, captions: captions)
        entries[key] = entry
        entry.player.play(at: time)
        entry.player.decoder.waitForFirstFrame()
        entry.player.advance(at: time)
    }

    /// A clip's decoder opened (it wakes the loop when frames arrive) with its captions read.
    private func openEntry(path: String, loops: Bool, captions: String?) -> Entry {
        let decoder = ClipDecoder(path: path, loops: loops)
        decoder.onFrames = wake
        let read = captions.map { file in Result { () throws(ClipError) in try ClipCaptions.read(path: file) } }
        return Entry(player: ClipPlayer(decoder: decoder), captions: read)
    }

    /// The attract screen ends (a touch): its clip closes; the page's own stay.
    func stopAttract() {
        entries[Self.attractKey] = nil
        failures[Self.attractKey] = nil
    }

    /// Autoplay clips in view that the visitor did not pause.
    func shouldAutoplay(_ key: Key, clip: PlacedClip) -> Bool {
        guard clip.source.autoplay, clip.info.willPlay, failures[key] == nil else { return false }
        guard let entry = entries[key] else { return true }
        return !entry.pausedByVisitor && !entry.player.isPlaying && !entry.player.hasFinished
    }

    /// The captions of `key` (nil: none, or it has not played).
    public func captions(_ key: Key) -> ClipCaptions? { entries[key]?.captions }

    /// The caption over `key`'s picture on screen: a function of that picture's time (a
    /// looping clip's timeline runs on across loops, so it is taken within the clip).
    public func caption(_ key: Key) -> String? {
        guard let entry = entries[key], let captions = entry.captions, let frame = entry.player.current else { return nil }
        var time = frame.time
        if let duration = entry.player.decoder.info?.duration, duration > 0 { time = time.truncatingRemainder(dividingBy: duration) }
        return captions.text(at: time)
    }

    public func pause(_ key: Key, at time: Double) { entries[key]?.pause(at: time) }

    /// Whether `key` plays its sound now (tests, and the metrics' view of what is heard).
    public func isSounding(_ key: Key) -> Bool { entries[key]?.sound?.isPlaying ?? false }

    /// `key`'s sound, when it plays with sound.
    public func sound(_ key: Key) -> ClipAudioPlayer? { entries[key]?.sound }

    /// The page is left (another page, going home, a reload): every decoder closes.
    public func stopAll() {
        entries.removeAll()
        failures.removeAll()
        pictures.removeAll()
        pictureFailures.removeAll()
    }

    /// Tests and the bench: waits, in real time, until each open clip's decoder has filled
    /// its queue (or ended): the frames of the next moments are there when the clock moves.
    public func waitUntilBuffered() {
        for entry in entries.values { entry.player.decoder.waitUntilBuffered() }
    }

    /// Takes each clip's frame due at `time`; true when a picture on screen changed.
    @discardableResult
    public func advance(to time: Double) -> Bool {
        var shown = 0, dropped = 0
        for entry in entries.values {
            // With sound, the pictures follow it: the sound is never dropped, frames may be.
            if entry.player.isPlaying, let heard = entry.sound?.heardPosition { entry.player.follow(sound: heard, at: time) }
            let droppedBefore = entry.player.droppedFrames
            guard entry.player.advance(at: time) else { continue }
            shown += 1
            dropped += entry.player.droppedFrames - droppedBefore
        }
        if shown > 0 { onFramesCounted?(shown, dropped) }
        var moved = false
        for player in pictures.values where player.advance(at: time) { moved = true }
        return shown > 0 || moved
    }

    /// Decoders that failed since the last call, each once: their messages (file and
    /// codec), for the log. A clip that never showed a frame goes back to its poster and
    /// is not tried again on this page; one that stopped on corrupt data keeps its last frame.
    public func newFailures() -> [String] {
        guard hasPlayers || !newPictureFailures.isEmpty else { return [] }  // most frames: nothing plays
        var messages = newPictureFailures
        newPictureFailures.removeAll()
        for player in pictures.values where !player.problemLogged {
            guard let problem = player.problem else { continue }
            player.problemLogged = true
            messages.append(problem)
        }
        for entry in entries.values {
            if let problem = entry.captionProblem { messages.append(problem + " (the clip plays without captions)") }
            entry.captionProblem = nil
        }
        for entry in entries.values where !entry.soundFailureLogged {
            guard let failure = entry.sound?.error else { continue }
            entry.soundFailureLogged = true
            messages.append(failure.description + " (the clip plays without sound)")
        }
        for (key, entry) in entries where !entry.failureLogged {
            guard let failure = entry.player.decoder.failure else { continue }
            entry.failureLogged = true
            messages.append(failure.description)
            if entry.player.current == nil {
                entries[key] = nil
                failures[key] = failure.description
            }
        }
        return messages
    }

    /// The earliest next frame time of the clips playing; nil when none plays (or none
    /// has a frame decoded: the decoder's `wake` comes first).
    public var nextWake: Double? {
        guard hasPlayers else { return nil }
        var next: Double?
        for entry in entries.values {
            if let due = entry.player.nextWake { next = min(next ?? due, due) }
        }
        for player in pictures.values {
            if let due = player.nextWake { next = min(next ?? due, due) }
        }
        return next
    }
}
