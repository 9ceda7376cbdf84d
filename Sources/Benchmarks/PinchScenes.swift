import Geometry
import Kiosk

/// Bench scenes for pinch to resize text (issue #18), on a long page of 20 KB of prose
/// at the default 70-character measure.
extension FrameScene {
    static func pinchMakers(scanout: ScanoutTuning) -> [(String, (Int, Int) throws -> FrameScene)] {
        let prose = { [BenchPages.prose(kilobytes: 20)] + KioskConfig.builtIn.pages }
        return [
            ("reflow.pinch", { try pinchReflow("reflow.pinch", prose(), $0, $1, scanout) }),
            ("frame.pinch", { try pinchFrame("frame.pinch", prose(), $0, $1, scanout) }),
        ]
    }

    /// Two fingers `span` px apart about the screen's middle, as one touch frame.
    private func fingers(_ w: Int, _ h: Int, span: Double, at t: Double, down: Bool = false) {
        let x = Double(w) / 2, y = Double(h) / 2
        touch(down ? .down(slot: 0, x: x - span / 2, y: y, time: t) : .move(slot: 0, x: x - span / 2, y: y, time: t))
        touch(down ? .down(slot: 1, x: x + span / 2, y: y, time: t) : .move(slot: 1, x: x + span / 2, y: y, time: t))
    }

    /// The frame at the end of a pinch: the fingers lift, the page is laid out at the new
    /// size (its fonts opened at that size, the 20 KB shaped, broken and hyphenated, the
    /// reading anchor found and scrolled to) and drawn whole at that size. The size goes
    /// 1.3×, 1.6×, 1.3×, … so every step is a new layout at a size whose faces and glyph
    /// masks were closed and dropped with the size before: the worst case, as a visitor
    /// meets it the first time. The pinch's own frames are not timed (`frame.pinch`).
    private static func pinchReflow(_ name: String, _ pages: [KioskConfig.Page], _ w: Int, _ h: Int,
                                   _ scanout: ScanoutTuning) throws -> FrameScene {
        let s = try FrameScene(name: name, width: w, height: h, pages: pages, scanout: scanout,
                               measure: KioskConfig().text.measure)
        s.assembly.scene.carryOver(page: 0, offset: 2000, menuPresented: false, at: s.time)
        s.frame(at: s.time)
        var larger = true
        s.stepBody = { s in
            let target = larger ? 1.6 : 1.3
            larger.toggle()
            let ratio = target / s.assembly.scene.committedZoom
            s.time += 0.5
            s.fingers(w, h, span: 300, at: s.time, down: true)
            s.fingers(w, h, span: 340, at: s.time + 1.0 / 120)          // recognised at 340
            s.fingers(w, h, span: 340 * ratio, at: s.time + 2.0 / 120)
            s.time += 3.0 / 120
            s.touch(.up(slot: 0, time: s.time))
            s.touch(.up(slot: 1, time: s.time))
            s.frame(at: s.time)
        }
        return s
    }

    /// A frame during a pinch: the page as it was when the pinch began, scaled about the
    /// fingers (one nearest-neighbour pass over the screen), the fingers breathing between 1× and
    /// 1.8× a frame at a time.
    private static func pinchFrame(_ name: String, _ pages: [KioskConfig.Page], _ w: Int, _ h: Int,
                                   _ scanout: ScanoutTuning) throws -> FrameScene {
        let s = try FrameScene(name: name, width: w, height: h, pages: pages, scanout: scanout,
                               measure: KioskConfig().text.measure)
        s.assembly.scene.carryOver(page: 0, offset: 2000, menuPresented: false, at: s.time)
        s.fingers(w, h, span: 300, at: s.time, down: true)
        s.time += 1.0 / 120
        s.fingers(w, h, span: 340, at: s.time)
        s.frame(at: s.time)
        var span = 340.0, step = 12.0
        s.stepBody = { s in
            s.time += 1.0 / 60
            span += step
            if span > 600 || span < 340 { step = -step }
            s.fingers(w, h, span: span, at: s.time)
            s.frame(at: s.time)
        }
        return s
    }
}
