import Keyboard
import Raster
import Search

/// The scene's one owner of the search panel (`InteractionMode.search`): whether it
/// shows, the panel's logic (`SearchPanel`: field, keyboard, results), the finger on the
/// panel outside the keyboard (a result row or the close button), and the hit a result
/// opened, ringed on its page until the next touch. The idle reset clears all of it.
public struct SearchSession {
    /// What the first finger on the panel landed on, outside the keyboard.
    public enum Press: Sendable, Equatable {
        case row(Int)
        case close
    }

    public private(set) var isPresented = false
    /// The panel, made the first time it opens for a language (nil: never opened, or
    /// the keyboard could not be made: `problem` says why).
    public internal(set) var panel: SearchPanel?
    /// Why the panel has no keyboard (the layout could not be read, the screen is too narrow).
    public internal(set) var problem: String?
    /// The finger on a result row or the close button.
    public internal(set) var press: Press?
    /// The touch slot the panel follows (the first finger down).
    var slot: Int?
    /// The block of the opened page holding the hit (page coordinates), shown until the
    /// next touch.
    public internal(set) var highlight: (page: Int, rect: IntRect)?
    /// Bumped whenever the panel's pixels change (the frame's overlay key).
    public internal(set) var generation = 1

    public init() {}

    mutating func present() { isPresented = true; press = nil; slot = nil; generation &+= 1 }

    mutating func dismiss() { isPresented = false; press = nil; slot = nil }

    mutating func changed() { generation &+= 1 }

    /// The idle reset: query, results, highlight and the panel go.
    mutating func reset() {
        panel?.reset()
        isPresented = false
        press = nil
        slot = nil
        highlight = nil
        generation &+= 1
    }
}
