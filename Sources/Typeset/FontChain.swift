/// Which face draws each character: the configured fonts for a variant in order, then
/// system fonts found by coverage. One chain per (variant, size); answers are cached.
final class FontChain {
    enum Variant: Int, CaseIterable, Sendable {
        case regular, bold, italic, boldItalic, monospace
    }

    struct Entry: Hashable {
        var path: String
        var synthesis: FontFace.Synthesis
    }

    let store: FontStore
    let variant: Variant
    let size: Double
    private let useSystemFallback: Bool
    private let synthesisForFallbacks: FontFace.Synthesis
    /// Face indices in the store, in chain order (system fallbacks appended as found).
    private(set) var faces: [Int]
    private var faceByScalar: [UInt32: Int] = [:]
    private var asciiFaces = [Int](repeating: FontChain.unknown, count: 0x80)
    private static let unknown = -2
    private var systemFacesTried: Set<String> = []
    /// Why configured fonts were left out of this chain (each message names the file).
    let problems: [String]

    init(store: FontStore, entries: [Entry], variant: Variant, size: Double, useSystemFallback: Bool) throws {
        self.store = store
        self.variant = variant
        self.size = size
        self.useSystemFallback = useSystemFallback
        switch variant {
        case .bold: synthesisForFallbacks = .init(embolden: true, oblique: false)
        case .italic: synthesisForFallbacks = .init(embolden: false, oblique: true)
        case .boldItalic: synthesisForFallbacks = .init(embolden: true, oblique: true)
        case .regular, .monospace: synthesisForFallbacks = .none
        }
        // A font that cannot be used is left out and reported (`problems`); the others
        // still serve. Only a chain with no usable font at all fails.
        var opened: [Int] = []
        var problems: [String] = []
        var firstError: Swift.Error?
        for entry in entries {
            do {
                opened.append(try store.face(path: entry.path, size: size, synthesis: entry.synthesis))
            } catch {
                problems.append("\(error)")
                firstError = firstError ?? error
            }
        }
        if opened.isEmpty, let firstError { throw firstError }
        faces = opened
        self.problems = problems
        for face in faces { store.retain(face) }
    }

    deinit {
        for face in faces { store.release(face) }
    }

    var primary: Int { faces[0] }

    /// The face for one grapheme cluster: the first in the chain that covers all its
    /// visible scalars, else the one covering its first visible scalar, else the
    /// primary face (which then shows .notdef: tofu).
    func face(forCluster scalars: some Collection<Unicode.Scalar>) -> Int {
        // An emoji sequence (VS16, keycap, ZWJ, skin tone, flag) goes to a colour font
        // that has it all, so it is one colour glyph and not text pieces.
        if scalars.count > 1, scalars.contains(where: FontChain.asksForEmoji),
           let colour = faces.first(where: { index in
               store.faces[index].isColor && scalars.allSatisfy { FontChain.isInvisible($0) || store.faces[index].covers($0.value) }
           }) {
            return colour
        }
        var first: Int?
        var allSame = true
        for scalar in scalars where !FontChain.isInvisible(scalar) {
            let f = face(for: scalar.value) ?? primary
            if first == nil { first = f } else if f != first { allSame = false }
        }
        guard let first else { return primary }
        if allSame { return first }
        for candidate in faces {
            let face = store.faces[candidate]
            if scalars.allSatisfy({ FontChain.isInvisible($0) || face.covers($0.value) }) { return candidate }
        }
        return first
    }

    /// The first face covering `scalar`, consulting fontconfig once per scalar. Nil if
    /// no font at all covers it.
    func face(for scalar: UInt32) -> Int? {
        // ASCII answers in a table, the rest in a dictionary (hashing every letter showed).
        if scalar < 0x80, asciiFaces[Int(scalar)] != Self.unknown {
            let known = asciiFaces[Int(scalar)]
            return known >= 0 ? known : nil
        }
        if let known = faceByScalar[scalar] { return known >= 0 ? known : nil }
        var found = faces.first { store.faces[$0].covers(scalar) }
        if found == nil, useSystemFallback, let path = store.systemFontPath(covering: scalar),
           !systemFacesTried.contains(path) || faces.contains(where: { store.faces[$0].path == path }) {
            systemFacesTried.insert(path)
            if let index = try? store.face(path: path, size: size, synthesis: synthesisForFallbacks),
               store.faces[index].covers(scalar) {
                if !faces.contains(index) {
                    faces.append(index)
                    store.retain(index)
                }
                found = index
            }
        }
        faceByScalar[scalar] = found ?? -1
        if scalar < 0x80 { asciiFaces[Int(scalar)] = found ?? -1 }
        return found
    }

    /// Scalars that make a cluster an emoji: VS16 (emoji presentation), the keycap,
    /// ZWJ, skin-tone modifiers and regional indicators (flags).
    static func asksForEmoji(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE0F, 0x20E3, 0x200D, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF: return true
        default: return false
        }
    }

    /// Characters that need no glyph: controls, white space, joiners, variation selectors.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII without asking Swift's Unicode tables (a third of a reflow's time went there):
        // controls and the space are invisible, nothing else is.
        if scalar.value < 0x80 { return scalar.value <= 0x20 || scalar.value == 0x7F }
        let p = scalar.properties
        return p.isWhitespace || p.generalCategory == .control || p.isDefaultIgnorableCodePoint
    }
}
