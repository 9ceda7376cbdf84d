import Raster

/// What one scan-out buffer's room right of the page holds, as far as a sideways pull
/// needs to know: a band from the page's edge known to be one colour (`filled`), except
/// boxes drawn over it since (`drawnOver`: the pull's dots). Beyond the page's edge a
/// pull shows that colour and its dots, so a pull frame writes only what the band lacks:
/// the columns uncovered for the first time and the boxes where the dots were two frames
/// ago, not the whole strip. Exact, never over-covering (unlike damage): a pixel is
/// taken as filled only when this buffer was written with the colour there.
struct SideRoomFill {
    private(set) var color = Color(argb: 0)
    /// Buffer coordinates; empty when nothing is known.
    private(set) var filled = IntRect.zero
    /// Boxes inside `filled` that may hold something else; a few at most.
    private(set) var drawnOver: [IntRect] = []
    static let maximumDrawnOver = 6

    /// Forget everything (new buffers, the display came back).
    mutating func reset() {
        filled = .zero
        drawnOver.removeAll()
    }

    /// The pieces of `band` (buffer coordinates, the room the window shows) to write with
    /// `color` so that all of it holds the colour, leaving out `drawn` (written from the
    /// pull's pixels this frame); records what the buffer then holds.
    mutating func write(band: IntRect, color: Color, drawn: IntRect, _ fill: (IntRect) -> Void) {
        if color != self.color || filled.minX != band.minX || filled.minY != band.minY || filled.height != band.height {
            reset()
            self.color = color
        }
        func fillOutsideDrawn(_ piece: IntRect) {
            let piece = piece.intersection(band)
            guard !piece.isEmpty else { return }
            if drawn.isEmpty { fill(piece) } else { piece.forEachPiece(outside: drawn, fill) }
        }
        if filled.isEmpty {
            fillOutsideDrawn(band)
        } else {
            band.forEachPiece(outside: filled, fillOutsideDrawn)
            for box in drawnOver { fillOutsideDrawn(box) }
        }
        filled = filled.isEmpty ? band : filled.union(band)
        // A box the band covers whole is the colour again; one reaching past it (the band
        // narrower now) may still hold dots there.
        drawnOver.removeAll { band.contains($0) }
        let over = drawn.intersection(filled)
        if !over.isEmpty { drawnOver.append(over) }
        if drawnOver.count > Self.maximumDrawnOver { reset() }
    }
}
