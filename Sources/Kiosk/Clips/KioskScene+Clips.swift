import Raster
import Typeset
import Video

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

    /// The current page's animated pictures with their rectangles on screen at `time`.
    func animationsOnScreen(at time: Double) -> [(key: ClipPlayback.Key, rect: IntRect, picture: PlacedAnimation)] {
        guard content.hasAnimations(page: currentPage, width: textWidth) else { return [] }
        let placed = content.animations(page: currentPage, width: textWidth)
        guard !placed.isEmpty else { return [] }
        let origin = pageOrigin(at: time)
        return placed.enumerated().map { index, picture in
            (ClipPlayback.Key(page: currentPage, index: index), picture.rect.offsetBy(dx: origin.x, dy: origin.y), picture)
        }
    }

    /// Animated pictures play while they are in view and the screen is lit, as a muted
    /// looping clip does; out of view, blanked or under the attract screen they hold.
    func advanceAnimations(to time: Double) {
        let screen = IntRect(x: 0, y: 0, width: Int(width), height: Int(height))
        var moving = 0
        for (key, rect, placed) in animationsOnScreen(at: time) {
            // The first few in view move; more on one screen hold their first frame.
            if rect.intersects(screen), !idle.isBlanked, !idle.attracting, moving < SceneRenderer.movingPictures {
                moving += 1
                clips.showPicture(key, picture: placed.picture, at: time)
            } else {
                clips.pausePicture(key, at: time)
            }
        }
    }

    /// A tap at (x, y): plays or pauses the clip there. False when no clip is there.
    func toggleClip(atX x: Double, y: Double, at time: Double) -> Bool {
        guard let hit = clipsOnScreen(at: time).first(where: { $0.rect.contains(x: Int(x), y: Int(y)) }) else { return false }
        toggle(hit.key, clip: hit.clip, at: time)
        return true
    }

    /// Speech mode's double tap on a clip's block (`rect`, page coordinates): plays or
    /// pauses that clip, as a tap on it does.
    func toggleClip(inBlock rect: IntRect, at time: Double) {
        let placed = content.clips(page: currentPage, width: textWidth)
        guard let index = placed.firstIndex(where: { $0.rect.y < rect.maxY && rect.y < $0.rect.maxY }) else { return }
        toggle(ClipPlayback.Key(page: currentPage, index: index), clip: placed[index], at: time)
    }

    /// Plays or pauses `clip` with its captions; one that starts is announced in speech mode.
    private func toggle(_ key: ClipPlayback.Key, clip: PlacedClip, at time: Double) {
        let wasPlaying = clips.player(key)?.isPlaying ?? false
        if let failure = clips.toggle(key, clip: clip, captions: captionsFile(of: clip), withSound: playsWithSound(clip), at: time) {
            Log.warning("page \(currentPage + 1) (\(config.pages[currentPage].title)): \(failure)")
        }
        if !wasPlaying, clips.player(key)?.isPlaying == true { announceClip(key, clip: clip) }
    }

    /// Nothing plays with sound unless the site asks (`[clips] sound = true`) and the
    /// clip is not `muted`. The attract clip never does (it is not played through here).
    func playsWithSound(_ clip: PlacedClip) -> Bool { config.clips.sound && !clip.source.muted }

    /// The language captions are chosen in: the visitor's, else the page's, else the site's.
    var captionLanguage: String { visitor.language ?? config.pages[currentPage].language ?? config.text.language }

    /// The WebVTT file shown over `clip` (`clip.<language>.vtt`, else `clip.vtt`), if any.
    func captionsFile(of clip: PlacedClip) -> String? {
        ClipCaptions.file(beside: clip.file, language: captionLanguage)
    }

    /// In speech mode, a clip that starts is announced: its title, then its captions' text.
    func announceClip(_ key: ClipPlayback.Key, clip: PlacedClip) {
        guard let speech, speech.isOn else { return }
        speech.announceClip(title: clip.source.caption, captions: clips.captions(key)?.transcript ?? [], language: captionLanguage)
    }

    /// At each frame's time: clips out of view pause, autoplay ones in view start, and
    /// each playing clip takes the frame due.
    func advanceClips(to time: Double) {
        advanceAnimations(to: time)
        if idle.attracting, config.idle.attractClip != nil {
            // The attract clip covers the page: the page's own clips stay as they are.
            advanceAttractClip(at: time)
            clips.advance(to: time)
            for failure in clips.newFailures() { Log.warning("[idle] attract: \(failure)") }
            return
        }
        // Most pages have no clip and nothing plays: nothing to do at each frame.
        guard clips.hasPlayers || content.hasClips(page: currentPage) else { return logClipFailures() }
        let screen = IntRect(x: 0, y: 0, width: Int(width), height: Int(height))
        let onScreen = clipsOnScreen(at: time)
        for (key, rect, clip) in onScreen {
            let inView = rect.intersects(screen) && !idle.isBlanked
            if !inView {
                clips.pause(key, at: time)
            } else if clips.shouldAutoplay(key, clip: clip) {
                if let failure = clips.play(key, clip: clip, captions: captionsFile(of: clip), withSound: playsWithSound(clip),
                                            at: time, byVisitor: false) {
                    Log.warning("page \(currentPage + 1) (\(config.pages[currentPage].title)): \(failure)")
                } else {
                    announceClip(key, clip: clip)
                }
            }
        }
        clips.advance(to: time)
        logClipFailures()
    }

    /// What failed since the last turn, each once (a clip's decoder, an animated picture).
    private func logClipFailures() {
        for failure in clips.newFailures() { Log.warning("page \(currentPage + 1) (\(config.pages[currentPage].title)): \(failure)") }
    }
}
