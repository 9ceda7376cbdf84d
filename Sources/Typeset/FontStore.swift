import CFontconfig
import CFreeType

/// Owns the FreeType library and every face opened from it, indexed by small integers.
///
/// Not thread-safe (FreeType libraries are not): one store per typesetter, used from the
/// thread that lays out and draws.
final class FontStore {
    private let library: FT_Library
    private(set) var faces: [FontFace] = []
    private var indexByKey: [FaceKey: Int] = [:]
    private var fallbackByScalar: [UInt32: String?] = [:]
    /// How many font chains use each face; at zero it is closed (`release`).
    private var users: [Int: Int] = [:]
    /// Indices of closed faces, reused by the next faces opened (nothing refers to a
    /// closed face: its chains are gone and its glyph masks dropped).
    private var freeIndices: [Int] = []
    let glyphCache: GlyphCache
    /// Work handed to HarfBuzz so far: each shaped run's UTF-16 length times its longest
    /// cluster's (HarfBuzz's mark attachment is quadratic in a cluster's length). A
    /// deterministic counter that tests compare across input sizes to guard linearity.
    var shapingCost = 0

    private struct FaceKey: Hashable {
        var path: String
        var size: Double
        var synthesis: FontFace.Synthesis
    }

    enum Error: Swift.Error, CustomStringConvertible {
        case freeTypeUnavailable(Int32)
        var description: String {
            switch self {
            case let .freeTypeUnavailable(code): return "FreeType failed to initialise (error \(code))"
            }
        }
    }

    init(glyphCacheBudget: Int) throws {
        var lib: FT_Library?
        let code = FT_Init_FreeType(&lib)
        guard code == 0, let lib else { throw Error.freeTypeUnavailable(code) }
        library = lib
        glyphCache = GlyphCache(byteBudget: glyphCacheBudget)
    }

    deinit {
        faces.removeAll()
        FT_Done_FreeType(library)
    }

    /// The index of the face for this file at this size, opening it on first use.
    func face(path: String, size: Double, synthesis: FontFace.Synthesis = .none) throws -> Int {
        let key = FaceKey(path: path, size: size, synthesis: synthesis)
        if let index = indexByKey[key] { return index }
        let face = try FontFace(library: library, path: path, size: size, synthesis: synthesis)
        let index: Int
        if let free = freeIndices.popLast() {
            index = free
            faces[index] = face
        } else {
            index = faces.count
            faces.append(face)
        }
        indexByKey[key] = index
        return index
    }

    /// A font chain uses face `index` (until it calls `release`).
    func retain(_ index: Int) { users[index, default: 0] += 1 }

    /// A font chain no longer uses face `index`; the last user closes it, drops its glyph
    /// masks and forgets it, so asking for that file and size again opens it anew. Text
    /// sizes a pinch visits are opened and closed this way: faces do not pile up.
    func release(_ index: Int) {
        guard let count = users[index] else { return }
        guard count == 1 else { users[index] = count - 1; return }
        users[index] = nil
        let face = faces[index]
        let key = FaceKey(path: face.path, size: face.size, synthesis: face.synthesis)
        if indexByKey[key] == index { indexByKey[key] = nil }
        face.close()
        glyphCache.removeAll(face: index)
        freeIndices.append(index)
    }

    /// Faces open now (not closed), for tests.
    var openFaceCount: Int { faces.filter { !$0.isClosed }.count }

    /// The path of an installed font that has a glyph for `scalar`, asked of fontconfig
    /// by character coverage (matching by language alone can pick fonts without the
    /// glyph). Nil when no installed font covers it. Answers are remembered.
    func systemFontPath(covering scalar: UInt32) -> String? {
        if let known = fallbackByScalar[scalar] { return known }
        let path = FontStore.askFontconfig(scalar)
        fallbackByScalar[scalar] = path
        return path
    }

    private static func askFontconfig(_ scalar: UInt32) -> String? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let charset = FcCharSetCreate() else { return nil }
        FcCharSetAddChar(charset, scalar)
        FcPatternAddCharSet(pattern, "charset", charset)
        FcCharSetDestroy(charset)
        FcPatternAddBool(pattern, "scalable", 1)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        // The sorted list puts fonts covering the character first, but only as a
        // preference: check each candidate's own charset.
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &fontCharset) == FcResultMatch,
                  let fontCharset, FcCharSetHasChar(fontCharset, scalar) != 0 else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { continue }
            return String(cString: file)
        }
        return nil
    }
}
