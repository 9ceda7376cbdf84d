import CQRencode

/// A QR code made by libqrencode: the modules of the symbol, dark or light, without
/// the quiet zone (4 light modules on every side, which whoever draws it must leave).
public struct QRCode: Sendable, Equatable {
    /// The light border a reader needs around the symbol, in modules (ISO/IEC 18004).
    public static let quietZone = 4

    /// Modules per side (21 for version 1, 4 more per version up to 177).
    public let size: Int
    /// Row by row, true for a dark module.
    public let modules: [Bool]

    /// The symbol for `text`'s UTF-8 bytes at error correction level M (15 % may be
    /// lost, a smudged or glaring screen), the smallest version that holds them; nil when
    /// the text is too long for any QR code (about 2,300 bytes at level M).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        // encodeData reads exactly `count` bytes (no C-string truncation) in 8-bit mode.
        guard let code = bytes.withUnsafeBufferPointer({ QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, QR_ECLEVEL_M) })
        else { return nil }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits are libqrencode's bookkeeping.
        modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
        self.size = size
    }

    public func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// Modules per side with the quiet zone.
    public var sizeWithQuietZone: Int { size + 2 * Self.quietZone }
}
