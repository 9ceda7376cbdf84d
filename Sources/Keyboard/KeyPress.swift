/// One finger on the keyboard, from touch-down to lift, with time passed in (never read):
/// the key under it follows the finger (explore by touch: the caller speaks each new
/// key), lifting types that key, holding backspace repeats it, holding a key with
/// alternates opens them in a strip above it and the finger slides to one. What happens
/// by itself is counted from elapsed time, never from wake-ups, and `deadline` says when
/// the next thing will, so nothing ticks while a finger rests.
public struct KeyPress: Sendable, Equatable {
    /// Holding backspace this long starts the repeat (about X11's default 660 ms, shorter
    /// for a finger that is already waiting); then one deletion per interval.
    public static let repeatDelay = 0.5
    public static let repeatInterval = 0.1
    /// Holding a key with alternates this long opens them.
    public static let longPressDelay = 0.5

    public private(set) var key: KeyboardGeometry.PlacedKey
    /// When the finger came onto this key (timing restarts on each new key).
    public private(set) var since: Double
    /// Backspace repeats already answered by `advance`.
    public private(set) var repeats = 0
    /// The alternates strip, once the long press opened it: one frame per alternate.
    public private(set) var alternateFrames: [KeyboardGeometry.Frame] = []
    /// The alternate under the finger (index into the key's alternates).
    public private(set) var chosenAlternate: Int?
    let keyboardWidth: Double

    public init(key: KeyboardGeometry.PlacedKey, at time: Double, keyboardWidth: Double) {
        self.key = key
        since = time
        self.keyboardWidth = keyboardWidth
    }

    public var alternatesOpen: Bool { !alternateFrames.isEmpty }

    private var alternates: [String] {
        if case let .character(character) = key.action { return character.alternates }
        return []
    }

    /// The next time something happens without the finger moving: a backspace repeat, or
    /// the alternates opening; nil when nothing will.
    public var deadline: Double? {
        if key.action == .backspace { return since + Self.repeatDelay + Double(repeats) * Self.repeatInterval }
        if !alternates.isEmpty, !alternatesOpen { return since + Self.longPressDelay }
        return nil
    }

    /// Time has passed to `time`: the backspaces owed since the last call (one each
    /// interval after the delay, however few wake-ups there were), and the alternates
    /// opened when the long press is reached.
    public mutating func advance(to time: Double) -> Int {
        let held = time - since
        if key.action == .backspace, held >= Self.repeatDelay {
            let due = Int(((held - Self.repeatDelay) / Self.repeatInterval).rounded(.down)) + 1
            let owed = max(0, due - repeats)
            repeats = max(repeats, due)
            return owed
        }
        if !alternates.isEmpty, !alternatesOpen, held >= Self.longPressDelay { openAlternates() }
        return 0
    }

    /// The finger moved to (x, y) at `time`; `keyUnder` is the geometry's key there. With
    /// the alternates open the finger chooses among them (above the keyboard or not);
    /// else a new key under it becomes the key (its timing starts again). Answers whether
    /// the key (or the chosen alternate) changed, for speech.
    public mutating func move(x: Double, y: Double, keyUnder: KeyboardGeometry.PlacedKey?, at time: Double) -> Bool {
        if alternatesOpen {
            let nearest = alternateFrames.indices.min { abs(alternateFrames[$0].midX - x) < abs(alternateFrames[$1].midX - x) }
            let inReach = y < key.frame.y + key.frame.height
            let chosen = inReach ? nearest : nil
            defer { chosenAlternate = chosen }
            return chosen != chosenAlternate
        }
        guard let keyUnder, keyUnder != key else { return false }
        key = keyUnder
        since = time
        repeats = 0
        return true
    }

    /// The finger lifted: what it types. A backspace that already repeated types nothing
    /// more; a long press that opened the alternates types the one chosen (none when the
    /// finger slid off them).
    public func lift() -> KeyboardGeometry.Action? {
        if alternatesOpen {
            guard let chosen = chosenAlternate, case let .character(character) = key.action else { return nil }
            return .character(KeyboardLayout.Key(name: character.name, text: character.alternates[chosen]))
        }
        if key.action == .backspace, repeats > 0 { return nil }
        return key.action
    }

    /// The text under the finger now: the chosen alternate, else the key's own.
    public var current: KeyboardGeometry.Action {
        if let chosen = chosenAlternate, case let .character(character) = key.action {
            return .character(KeyboardLayout.Key(name: character.name, text: character.alternates[chosen]))
        }
        return key.action
    }

    /// The strip above the key, one key wide each, starting over the key and moved left
    /// as far as it must to stay on the screen. The key's own character is not repeated:
    /// sliding off the strip and lifting types nothing.
    private mutating func openAlternates() {
        let count = Double(alternates.count)
        let width = key.frame.width
        var left = key.frame.x
        if left + count * width > keyboardWidth { left = max(0, keyboardWidth - count * width) }
        alternateFrames = alternates.indices.map { index in
            KeyboardGeometry.Frame(x: left + Double(index) * width, y: key.frame.y - key.frame.height, width: width, height: key.frame.height)
        }
        chosenAlternate = nil
    }
}
