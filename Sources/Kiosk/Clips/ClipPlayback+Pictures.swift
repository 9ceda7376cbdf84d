import Typeset

/// Animated pictures (GIF, WebP) among what plays: opened when first in view, within a
/// budget of memory for all of them together, holding their frame out of view.
extension ClipPlayback {
    /// The player of animated picture `key`, once it was in view.
    func picture(_ key: Key) -> PicturePlayer? { pictures[key] }

    /// Animated picture `key` is in view: it plays (opened the first time) unless it
    /// finished its passes or would not open.
    func showPicture(_ key: Key, picture: FilePicture, at time: Double) {
        if let player = pictures[key] {
            // Laid out again at another size (a text size, a reload): opened again at it.
            if player.animation.width == picture.width, player.animation.height == picture.height {
                player.play(at: time)
                return
            }
            pictures[key] = nil
        }
        guard pictureFailures[key] == nil else { return }
        // What they hold together stays within the budget: those held out of view close
        // first (they start again from their first frame); without room it stays still.
        let needed = picture.animationBytes
        var held = pictures.values.reduce(0) { $0 + $1.animation.heldBytes }
        for (other, player) in pictures where !player.isPlaying && held + needed > Self.pictureBudget {
            held -= player.animation.heldBytes
            pictures[other] = nil
        }
        guard held + needed <= Self.pictureBudget else { return }
        do {
            let animation = try picture.animation()
            let player = try PicturePlayer(animation: animation, file: picture.file)
            pictures[key] = player
            player.play(at: time)
        } catch {
            pictureFailures[key] = "\(error)"
            newPictureFailures.append("\(error)")
        }
    }

    /// The bytes the open animated pictures hold together at most (`PictureAnimation.heldBytes`):
    /// 32 MiB, one animation at the canvas cap (1920×1080) shown full screen, or a screen of
    /// ordinary GIFs (a 480×270 one shown at 960×540 holds 5 MiB). One that would not fit
    /// holds its first frame.
    static let pictureBudget = 32 << 20

    /// Animated picture `key` is out of view (or the screen idle): it holds its frame.
    func pausePicture(_ key: Key, at time: Double) { pictures[key]?.pause(at: time) }
}
