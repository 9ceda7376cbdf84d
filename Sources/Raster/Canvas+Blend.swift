import CRasterKernels

// Constant-alpha blending: the menu overlay's fade (composite) and translucent colour
// washes (blend). Alpha is quantised to A = round(alpha · 255); each channel is then
// (p·A + q·(255 − A)) / 255 correctly rounded to 8 bits, i.e. the exact result for
// alpha A/255. All four bytes of a pixel are blended the same way (two opaque inputs
// stay opaque). Linear in sRGB values: no gamma correction, as the design asks.

/// 8-bit alpha from a fraction in 0...1 (NaN counts as 0).
@inline(__always)
func alpha8(_ alpha: Double) -> UInt16 {
    guard alpha > 0 else { return 0 }
    guard alpha < 1 else { return 255 }
    return UInt16((alpha * 255).rounded())
}

/// x / 255 rounded to nearest, exact for 0 ≤ x ≤ 255 · 255 (the classic
/// (t + (t >> 8)) >> 8 with t = x + 128, which needs no division).
@inline(__always)
func div255(_ x: SIMD16<UInt16>) -> SIMD16<UInt16> {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

@inline(__always)
func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// Blends one pixel word: per byte (p·a + q·(255 − a)) / 255, two channels per 32-bit
/// lane-pair so the tail of a row costs four multiplies, not eight.
@inline(__always)
func mixPixel(_ p: UInt32, _ q: UInt32, _ a: UInt32) -> UInt32 {
    let ia = 255 &- a
    // Even bytes (blue, red) and odd bytes (green, alpha), 16 bits apart.
    let pe = p & 0x00FF_00FF, po = (p >> 8) & 0x00FF_00FF
    let qe = q & 0x00FF_00FF, qo = (q >> 8) & 0x00FF_00FF
    var e = pe &* a &+ qe &* ia &+ 0x0080_0080
    var o = po &* a &+ qo &* ia &+ 0x0080_0080
    e = ((e &+ ((e >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    o = (o &+ ((o >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return e | o
}

extension Canvas {
    /// dst = a · color + (1 − a) · dst over `rect` (clipped), per channel, correctly
    /// rounded for the 8-bit alpha round(a · 255). The colour's own alpha is ignored.
    public func blend(color: Color, alpha: Double, rect: IntRect) {
        let r = rect.intersection(clip)
        let a = alpha8(alpha)
        guard !r.isEmpty, a > 0 else { return }
        let word = color.argb | 0xFF00_0000
        if a == 255 { fill(r, color: Color(argb: word)); return }
        // Per-byte colour · a + rounding bias, repeated for four pixels.
        var bias = SIMD16<UInt16>(repeating: 0)
        for lane in 0..<16 {
            bias[lane] = UInt16((word >> (8 * UInt32(lane % 4))) & 0xFF) &* a
        }
        let ia = SIMD16<UInt16>(repeating: 255 - a)
        for y in r.minY..<r.maxY {
            let p = row(y) + r.x
            var i = 0
            while i + 4 <= r.width {
                let raw = UnsafeMutableRawPointer(p + i)
                let d = SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(as: SIMD16<UInt8>.self))
                raw.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: div255(d &* ia &+ bias)), as: SIMD16<UInt8>.self)
                i += 4
            }
            while i < r.width {
                p[i] = mixPixel(word, p[i], UInt32(a))
                i += 1
            }
        }
    }

    /// dst = a · layer + (1 − a) · dst over `rect` (clipped to this canvas's clip and the
    /// layer's bounds); `rect` is in both canvases' coordinates (the layer is the same
    /// size as the screen, or at least covers `rect`). Correctly rounded per channel for
    /// the 8-bit alpha round(a · 255). This is the menu-overlay kernel: it reads both
    /// canvases once and writes once (a vectorised C kernel, AVX2 where the CPU has it).
    public func composite(_ layer: Canvas, alpha: Double, rect: IntRect) {
        composite(layer, over: self, alpha: alpha, rect: rect)
    }

    /// dst = a · layer + (1 − a) · base over `rect`: the menu layer over the page, written
    /// here in one pass without first copying the page (one read of each, one write).
    /// `base` may be this canvas (then it is `composite(_:alpha:rect:)`).
    public func composite(_ layer: Canvas, over base: Canvas, alpha: Double, rect: IntRect) {
        let r = rect.intersection(clip).intersection(layer.bounds).intersection(base.bounds)
        let a = alpha8(alpha)
        guard !r.isEmpty else { return }
        let inPlace = base.base == self.base && base.stride == stride
        if a == 255 { blit(layer, from: r, toX: r.x, y: r.y); return }
        if a == 0 { if !inPlace { blit(base, from: r, toX: r.x, y: r.y) }; return }
        // Rows are contiguous: one call per row into the C kernel (AVX2 where available;
        // measured 8.6× memcpy with Swift's SSE2 SIMD16 code, see docs/performance.md).
        let bytes = r.width * 4
        for y in r.minY..<r.maxY {
            let p = UnsafeMutableRawPointer(row(y) + r.x).assumingMemoryBound(to: UInt8.self)
            let l = UnsafeRawPointer(layer.row(y) + r.x).assumingMemoryBound(to: UInt8.self)
            let b = UnsafeRawPointer(base.row(y) + r.x).assumingMemoryBound(to: UInt8.self)
            cshim_raster_mix_bytes(p, l, b, bytes, UInt32(a))
        }
    }

    /// dst = a · color + (1 − a) · base over `rect`, reading only `base`: a uniform layer
    /// (the menu's overlay colour away from its items) over the page, in one pass.
    /// Exactly what `composite(_:over:alpha:rect:)` gives for a layer of that colour.
    public func blend(color: Color, alpha: Double, over base: Canvas, rect: IntRect) {
        let r = rect.intersection(clip).intersection(base.bounds)
        let a = alpha8(alpha)
        guard !r.isEmpty else { return }
        if a == 0 {
            if base.base != self.base || base.stride != stride { blit(base, from: r, toX: r.x, y: r.y) }
            return
        }
        let word = color.argb | 0xFF00_0000
        let bytes = r.width * 4
        for y in r.minY..<r.maxY {
            let p = UnsafeMutableRawPointer(row(y) + r.x).assumingMemoryBound(to: UInt8.self)
            let b = UnsafeRawPointer(base.row(y) + r.x).assumingMemoryBound(to: UInt8.self)
            cshim_raster_mix_color_bytes(p, b, bytes, word, UInt32(a))
        }
    }
}
