import Foundation
import Kiosk
import PlatformEmbedded
import Measure

/// Wall-clock time at a fixed instant (the metrics file's timestamps).
final class FixedWallClock: WallClock {
    let time: Double
    let timeZone = TimeZone(identifier: "UTC")!
    init(_ time: Double) { self.time = time }
    func now() -> Double { time }
}

/// Wall-clock time that moves with a loop's manual clock from a real instant: a file
/// written at that instant is `settle` seconds old once the loop has run that long.
final class LoopWallClock: WallClock {
    let start: Double
    let timeZone = TimeZone(identifier: "UTC")!
    /// The loop's clock, once the player that owns it is made.
    var loopClock: ManualClock?
    init(startingAt start: Double) { self.start = start }
    func now() -> Double { start + (loopClock?.time ?? 0) }
}
