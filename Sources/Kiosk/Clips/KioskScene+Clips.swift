import Raster
import Typeset

/// Clips on the page shown: a tap on one plays or pauses it (before links: a clip is
/// not a link), one scrolled out of view pauses, an autoplay one starts when it comes
/// into view. The players are `clips` (`ClipPlayback`), the one owner of what plays.
extension KioskScene {
    /// The current page's clips with their rectangles on screen at `time`.
    public func clipsOnScreen(at time: Double) -> [(key: ClipPlayback.Key, rect: IntRect, clip: PlacedClip)] {
        guard content.hasClips(page: currentPage) else { return [] }
        let placed = content.clips(page: currentPage, width: textWidth)
        guard !placed.isEmpty else { return [] }
        let origin = pageOrigin(at: time)
        return placed.enumerated().map { index, clip in
            (ClipPlayback.Key(page: currentPage, index: index), clip.rect.offsetBy(dx: origin.x, dy: origin.y), clip)
        }
    }

    /// A tap at (x, y): plays or pauses the clip there. False when no clip is there.
    func toggleClip(atX x: Double, y: Double, at time: Double) -> Bool {
        guard let hit = clipsOnScreen(at: time).first(where: { $0.rect.contains(x: Int(x), y: Int(y)) }) else { return false }
        if let failure = clips.toggle(hit.key, clip: hit.clip, at: time) {
            Log.warning("page \(currentPage + 1) (\(config.pages[currentPage].title)): \(failure)")
        }
        return true
    }

    /// At each frame's time: clips out of view pause, autoplay ones in view start, and
    /// each playing clip takes the frame due.
    func advanceClips(to time: Double) {
        // Most pages have no clip and nothing plays: nothing to do at each frame.
        guard clips.hasPlayers || content.hasClips(page: currentPage) else { return }
        let screen = IntRect(x: 0, y: 0, width: Int(width), height: Int(height))
        let onScreen = clipsOnScreen(at: time)
        for (key, rect, clip) in onScreen {
            let inView = rect.intersects(screen) && !idle.isBlanked
            if !inView {
                clips.pause(key, at: time)
            } else if clips.shouldAutoplay(key, clip: clip), let failure = clips.play(key, clip: clip, at: time, byVisitor: false) {
                Log.warning("page \(currentPage + 1) (\(config.pages[currentPage].title)): \(failure)")
            }
        }
        clips.advance(to: time)
        for failure in clips.newFailures() { Log.warning("page \(currentPage + 1) (\(config.pages[currentPage].title)): \(failure)") }
    }
}
