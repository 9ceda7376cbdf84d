import Frames
import Raster

/// The affordances' dots as a frame draws them: where each is on the screen, how large
/// and in which colour, at one moment. Both pulls (the menu's at the right edge, the
/// back pull's at the left) describe their dots here and draw them here.
struct DotDraw: Equatable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    var color = Color.clear
    var bounds: IntRect { IntRect.enclosing(x: x, y: y, width: width, height: height) }

    /// Changes whenever what the dot draws inside its box changes (a spring moving it by a
    /// fraction of a pixel, a new colour): the compositor redraws a decoration whose tag
    /// changed.
    var tag: Int {
        var h = Hasher()
        h.combine(x); h.combine(y); h.combine(width); h.combine(height); h.combine(color.argb)
        return h.finalize()
    }
}

/// The dots of a frame: none, or all of them, stored inline so that describing a frame
/// allocates nothing.
struct DotDraws: Equatable {
    private var items = InlineArray<3, DotDraw>(repeating: DotDraw())
    private(set) var count = 0

    init() {}
    mutating func append(_ dot: DotDraw) { items[count] = dot; count += 1 }
    var isEmpty: Bool { count == 0 }

    static func == (a: DotDraws, b: DotDraws) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a.items[i] != b.items[i] { return false }
        return true
    }

    func forEach(_ body: (DotDraw) -> Void) { for i in 0..<count { body(items[i]) } }

    /// The pull for the menu: the box sits just beyond the page's right edge, moved with
    /// the page (`pullX` px left), vertically centred.
    static func menuPull(_ scene: KioskScene, pullX: Int, at time: Double) -> DotDraws {
        var dots = DotDraws()
        let theme = scene.config.theme
        let boxX = scene.width - Double(pullX)
        let boxY = (scene.height - scene.affordance.height) / 2
        for i in 0..<PullAffordance.dotCount {
            let d = scene.affordance.dot(i, at: time)
            dots.append(DotDraw(x: boxX + d.x, y: boxY + d.y, width: d.width, height: d.height, color: theme.color(of: d.tone)))
        }
        return dots
    }

    /// Draws the dots that reach into `clip`; the canvas holds the screen from column
    /// `shiftX` on.
    func draw(into canvas: Canvas, clip: IntRect, shiftX: Int) {
        forEach { d in
            guard d.bounds.intersects(clip) else { return }
            canvas.fillRoundedRect(x: d.x - Double(shiftX), y: d.y, width: d.width, height: d.height,
                                   radius: min(d.width, d.height) / 2, color: d.color)
        }
    }

    /// Each dot's box, as the frame's decorations.
    func addDecorations(to decorations: inout Decorations) {
        forEach { decorations.append($0.bounds, tag: $0.tag) }
    }
}

extension KioskConfig.Theme {
    /// The colour of a dot's tone: accent ("release now"), foreground (expanded), muted.
    func color(of tone: PullAffordance.Tone) -> Color {
        switch tone {
        case .accent: accent
        case .foreground: foreground
        case .muted: muted
        }
    }
}
