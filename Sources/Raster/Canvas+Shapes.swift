// Anti-aliased filled shapes at fractional positions and sizes (the affordance dots,
// menu items). Coverage is computed analytically per pixel so that sub-pixel motion
// changes pixels smoothly (no shimmer):
//   - straight edges: the exact overlap of the pixel square with the box, per axis
//     (coverage = overlapX · overlapY, exact for an axis-aligned rectangle);
//   - corners: where the pixel centre lies in a corner's quadrant, also the signed
//     distance d from the centre to the arc, coverage clamp(0.5 − d), which is the
//     exact area for a straight edge and close to it for an arc of radius ≥ 1 px;
//     the smaller of the two estimates wins, so tiny radii degrade to the square corner.
// Rows that are fully covered across a span are filled without per-pixel math; only
// the few edge pixels of each row pay for coverage.

/// The length of [a0, a1] ∩ [b0, b1], clamped to 0...1 (pixel squares are 1 wide).
@inline(__always)
func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
    min(max(min(a1, b1) - max(a0, b0), 0), 1)
}

extension Canvas {
    /// Fills a rounded rectangle; `radius` is clamped to half the smaller side, so a
    /// square with radius ≥ side/2 is a circle and a tall thin box a pill. The colour's
    /// alpha multiplies `alpha`. Non-finite or non-positive sizes draw nothing.
    public func fillRoundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double,
                                color: Color, alpha: Double = 1) {
        let opacity = min(max(alpha, 0), 1) * Double(color.alpha) / 255
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width > 0, height > 0, opacity > 0 else { return }
        let r = min(max(radius.isFinite ? radius : 0, 0), min(width, height) / 2)
        let x0 = x, x1 = x + width, y0 = y, y1 = y + height
        // Corner centres: inside these bands a row or column meets no arc.
        let cxl = x0 + r, cxr = x1 - r, cyt = y0 + r, cyb = y1 - r
        let box = IntRect.enclosing(x: x, y: y, width: width, height: height).intersection(clip)
        guard !box.isEmpty else { return }
        let word = color.argb | 0xFF00_0000
        let opaque = alpha8(opacity) == 255
        let spanAlpha = UInt32(alpha8(opacity))

        for py in box.minY..<box.maxY {
            let fy0 = Double(py), fy1 = fy0 + 1
            let cy = overlap(fy0, fy1, y0, y1)
            let line = row(py)
            // The span of pixels entirely inside the shape on this row (none if the row
            // is cut by the top or bottom edge).
            var solidL = box.maxX, solidR = box.maxX
            if cy >= 1 {
                let dyc = max(0, cyt - fy0, fy1 - cyb)
                let inset = dyc > 0 ? r - (max(0, r * r - dyc * dyc)).squareRoot() : 0
                let l = Int((x0 + inset).rounded(.up)), rr = Int((x1 - inset).rounded(.down))
                if rr > l {
                    solidL = max(l, box.minX)
                    solidR = max(min(rr, box.maxX), solidL)
                }
            }
            let pcy = fy0 + 0.5
            let dy = pcy < cyt ? cyt - pcy : (pcy > cyb ? pcy - cyb : 0)
            var px = box.minX
            while px < box.maxX {
                if px == solidL && solidR > solidL {
                    let n = solidR - solidL
                    if opaque {
                        (line + px).update(repeating: word, count: n)
                    } else {
                        for i in px..<solidR { line[i] = mixPixel(word, line[i], spanAlpha) }
                    }
                    px = solidR
                    continue
                }
                let fx0 = Double(px)
                var c = overlap(fx0, fx0 + 1, x0, x1) * cy
                let pcx = fx0 + 0.5
                let dx = pcx < cxl ? cxl - pcx : (pcx > cxr ? pcx - cxr : 0)
                if dx > 0 && dy > 0 {
                    let d = (dx * dx + dy * dy).squareRoot() - r
                    c = min(c, min(max(0.5 - d, 0), 1))
                }
                let a = UInt32(alpha8(c * opacity))
                if a == 255 {
                    line[px] = word
                } else if a > 0 {
                    line[px] = mixPixel(word, line[px], a)
                }
                px += 1
            }
        }
    }

    /// Fills a circle (a rounded rectangle whose radius is half its side).
    public func fillCircle(centerX: Double, centerY: Double, radius: Double, color: Color, alpha: Double = 1) {
        guard radius.isFinite, radius > 0 else { return }
        fillRoundedRect(x: centerX - radius, y: centerY - radius, width: 2 * radius, height: 2 * radius,
                        radius: radius, color: color, alpha: alpha)
    }
}
