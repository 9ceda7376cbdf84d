import Raster
import Video

/// The attract screen (`[idle] attract`): when the idle timer goes home, and when the
/// kiosk starts, an invitation to touch is shown: the page with that title, or a clip
/// (`attract = "loop.mp4"`) looping full screen, muted, over the first page. The first
/// touch on it brings the first page's top and does nothing else (the visitor did not
/// aim at anything on the invitation). A page costs no CPU while it shows; a clip wakes
/// the loop at its frame times only.
extension KioskScene {
    /// Shows the attract page or clip, if the configuration names one.
    func showAttract(at time: Double) {
        if let clip = config.idle.attractClip {
            show(page: 0, at: time)
            idle.attracting = true
            clips.playAttract(file: clip, captions: ClipCaptions.file(beside: clip, language: captionLanguage), at: time)
            return
        }
        guard let index = config.idle.attractIndex(in: config.pages) else { return }
        show(page: index, at: time)
        idle.attracting = true
    }

    /// A touch on the attract page (or one that woke the display over it): home, and
    /// the rest of that touch sequence is swallowed by the caller. The attract clip
    /// closes: the next frame is the first page's.
    func leaveAttract(at time: Double) {
        idle.attracting = false
        clips.stopAttract()
        menu.hideImmediately(at: time)
        show(page: 0, at: time)
    }

    /// A reload rebuilt the kiosk while it showed the attract page: the new one shows
    /// the new configuration's attract page (or stays where `carryOver` put it).
    public func resumeAttract(at time: Double) {
        showAttract(at: time)
    }

    /// Where the attract clip is drawn: scaled to cover the screen (its middle shown when
    /// its shape differs from the screen's), and the part on screen.
    func attractClipRect(for info: ClipInfo?) -> (picture: IntRect, shown: IntRect) {
        let screen = IntRect(x: 0, y: 0, width: Int(width), height: Int(height))
        guard let info, info.width > 0, info.height > 0 else { return (screen, screen) }
        let scale = max(width / Double(info.width), height / Double(info.height))
        let w = max(screen.width, Int((Double(info.width) * scale).rounded()))
        let h = max(screen.height, Int((Double(info.height) * scale).rounded()))
        return (IntRect(x: (screen.width - w) / 2, y: (screen.height - h) / 2, width: w, height: h), screen)
    }

    /// The attract clip's turn: it plays while the attract screen is up and the display
    /// lit, and pauses while dark.
    func advanceAttractClip(at time: Double) {
        guard idle.attracting, let clip = config.idle.attractClip else { return }
        if idle.isBlanked {
            clips.pause(ClipPlayback.attractKey, at: time)
        } else {
            clips.playAttract(file: clip, captions: ClipCaptions.file(beside: clip, language: captionLanguage), at: time)
        }
    }
}
