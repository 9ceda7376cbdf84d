import CHyphen
import CTextShim
import Foundation

/// Where a word may be hyphenated, from the TeX hyphenation patterns that Debian ships
/// for LibreOffice (`hyphen-en-us`, `hyphen-de`, `hyphen-fr`, … in /usr/share/hyphen),
/// read and applied by libhyphen (Liang's algorithm, as TeX does).
///
/// A dictionary is loaded once per language and kept for the life of the process
/// (`HyphenationDictionaries`); libhyphen only reads it when hyphenating, so one
/// dictionary may serve several threads.
public final class Hyphenator: @unchecked Sendable {
    /// The language tag it was asked for, e.g. "en-US".
    public let language: String
    /// The dictionary file used.
    public let path: String
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    private let isUTF8: Bool

    /// Where dictionaries are looked for: Debian's hyphen-* packages install here.
    public static let defaultDirectories = ["/usr/share/hyphen"]

    /// Words longer than this are not words (a hash, a run of letters): libhyphen is
    /// not asked, and the line breaks them between clusters as before.
    static let maximumWordLength = 64

    /// Loads the dictionary for `language` (see `dictionaryPath(for:)`); nil when there
    /// is none or it cannot be read.
    public convenience init?(language: String, directories: [String] = Hyphenator.defaultDirectories) {
        guard let path = Hyphenator.dictionaryPath(for: language, in: directories) else { return nil }
        self.init(path: path, language: language)
    }

    init?(path: String, language: String) {
        guard let dictionary = hnj_hyphen_load(path) else { return nil }
        self.dictionary = dictionary
        self.path = path
        self.language = language
        isUTF8 = dictionary.pointee.utf8 != 0
        // The only single-byte encoding among Debian's dictionaries in use here is
        // ISO8859-1 (German); any other legacy encoding is refused rather than misread.
        let charset = withUnsafeBytes(of: dictionary.pointee.cset) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if !isUTF8, !["ISO8859-1", "ISO-8859-1", "ISO8859-15"].contains(charset.uppercased()) {
            hnj_hyphen_free(dictionary)
            return nil
        }
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// Whether `tag` looks like a language tag Lectern can look a dictionary up for:
    /// a 2–3 letter language, then optional script (4 letters) and region (2 letters
    /// or 3 digits), separated by "-" or "_" ("en", "en-US", "de_CH", "sr-Latn-RS").
    public static func isValidTag(_ tag: String) -> Bool {
        let parts = subtags(tag)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (part.count == 4 && part.allSatisfy(\.isASCIILetter)) || (part.count == 2 && part.allSatisfy(\.isASCIILetter))
                || (part.count == 3 && part.allSatisfy(\.isASCIIDigit))
        } && parts.count <= 3
    }

    /// The dictionary file for `tag`: hyph_<all subtags>.dic, then hyph_<language>_<region>.dic,
    /// then hyph_<language>.dic, then the first hyph_<language>_*.dic (sorted), in each
    /// directory in turn. "en" finds hyph_en.dic (Debian links it to en_US); "de-AT" finds
    /// hyph_de_AT.dic. Nil when there is none.
    public static func dictionaryPath(for tag: String, in directories: [String] = defaultDirectories) -> String? {
        guard isValidTag(tag) else { return nil }
        let parts = subtags(tag)
        let language = parts[0].lowercased()
        let rest = parts.dropFirst().map { $0.count == 4 ? $0.prefix(1).uppercased() + $0.dropFirst().lowercased() : $0.uppercased() }
        var names = ["hyph_" + ([language] + rest).joined(separator: "_") + ".dic"]
        if let region = rest.last(where: { $0.count != 4 }) { names.append("hyph_\(language)_\(region).dic") }
        names.append("hyph_\(language).dic")
        let fm = FileManager.default
        for directory in directories {
            for name in names {
                let path = (directory as NSString).appendingPathComponent(name)
                if fm.isReadableFile(atPath: path) { return path }
            }
            let others = ((try? fm.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasPrefix("hyph_\(language)_") && $0.hasSuffix(".dic") }.sorted()
            if let first = others.first { return (directory as NSString).appendingPathComponent(first) }
        }
        return nil
    }

    /// Scripts whose words are not broken with a hyphen at a line's end (abjads written
    /// right to left, ideographs and syllabaries, scripts without spaces between words):
    /// a page in such a language needs no hyphenation dictionary.
    static let scriptsWithoutHyphenation: Set<String> = ["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Hani", "Hans", "Hant",
                                                          "Jpan", "Hira", "Kana", "Kore", "Hang", "Thai", "Laoo", "Khmr",
                                                          "Mymr", "Tibt"]

    /// Whether text in `tag` is hyphenated at all: false for a language written in one of
    /// `scriptsWithoutHyphenation` (its script from the tag, else CLDR's likely script
    /// through ICU: "ar" → Arab, "he" → Hebr, "ja" → Jpan). Unknown: true.
    public static func isHyphenated(_ tag: String) -> Bool {
        var code = [CChar](repeating: 0, count: 16)
        let length = code.withUnsafeMutableBufferPointer { lectern_language_script(tag, $0.baseAddress, Int32($0.count)) }
        guard length > 0 else { return true }
        let script = String(decoding: code.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return !scriptsWithoutHyphenation.contains(script)
    }

    /// The package that provides dictionaries for `tag`'s language on Debian, for messages.
    public static func debianPackage(for tag: String) -> String {
        let language = subtags(tag).first?.lowercased() ?? tag
        return language == "en" ? "hyphen-en-us (or hyphen-en-gb)" : "hyphen-\(language)"
    }

    private static func subtags(_ tag: String) -> [Substring] {
        tag.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
    }

    /// Where `word` (letters only, no spaces or punctuation) may break with a hyphen:
    /// counts of its Unicode scalars after which a hyphen may go, ascending. Empty for
    /// words the dictionary cannot hold (characters outside its encoding, too long).
    public func breaks(in word: [Unicode.Scalar]) -> [Int] {
        guard word.count >= 2, word.count <= Self.maximumWordLength else { return [] }
        // Patterns are lower case. A letter whose lower case is several scalars keeps
        // its own case, so positions still count the word's own scalars.
        let lower = word.map { scalar -> Unicode.Scalar in
            let mapped = scalar.properties.lowercaseMapping.unicodeScalars
            return mapped.count == 1 ? mapped.first! : scalar
        }
        var bytes: [CChar] = []
        if isUTF8 {
            for scalar in lower { for unit in UTF8.encode(scalar)! { bytes.append(CChar(bitPattern: unit)) } }
        } else {
            for scalar in lower {
                guard scalar.value < 0x100 else { return [] }
                bytes.append(CChar(bitPattern: UInt8(scalar.value)))
            }
        }
        let size = Int32(bytes.count)
        bytes.append(0)  // libhyphen looks for its "no hyphen" sequences with strstr
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        // Non-standard hyphenation (German "Schiffahrt" → "Schiff-fahrt") changes letters;
        // those points are not used. The arrays must be passed (libhyphen writes them).
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let failed = hnj_hyphen_hyphenate2(dictionary, bytes, size, &hyphens, nil, &replacements, &positions, &cuts) != 0
        defer {
            if let replacements {
                for i in 0..<Int(size) { free(replacements[i]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard !failed else { return [] }
        // hyphens[i] is odd where a hyphen may follow character i (libhyphen turns byte
        // positions into character positions for UTF-8 dictionaries).
        var out: [Int] = []
        for i in 0..<(word.count - 1) where hyphens[i] & 1 == 1 && replacements?[i] == nil {
            out.append(i + 1)
        }
        return out
    }

    /// The word with "-" at every break: for tests and `lectern check`.
    public func hyphenated(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        var out = String.UnicodeScalarView()
        let points = Set(breaks(in: scalars))
        for (i, scalar) in scalars.enumerated() {
            if points.contains(i) { out.append("-") }
            out.append(scalar)
        }
        return String(out)
    }
}

/// The dictionaries, one per language for the whole process, loaded on first use (a
/// language without one is remembered as such, asked once, not per word). Loading
/// takes a while for big pattern sets (German: 1 MB, 280,000 states, 1.1–1.7 s natively,
/// seconds more under emulation), so the kiosk starts loading its configured language in
/// the background (`preload`).
///
/// By default layout waits for a dictionary it needs. The device (`waitsForLoading =
/// false`) never waits: a dictionary not loaded yet is left out of that layout, loaded in
/// the background, and `onArrival` is called when it is there (on the device it wakes the
/// loop), so the first frame is not held by it and the pages are laid out again with it.
public final class HyphenationDictionaries: @unchecked Sendable {
    public static let shared = HyphenationDictionaries()

    /// Held while a dictionary loads (and while `loaded` is read or written).
    private let lock = NSLock()
    private var loaded: [String: Hyphenator?] = [:]
    let directories: [String]
    /// Guards what follows (never held while loading).
    private let state = NSLock()
    private var waits = true
    /// Languages a layout went without, to announce when they load; and those whose
    /// background load has started.
    private var skipped: Set<String> = []
    private var started: Set<String> = []
    private var arrival: (@Sendable () -> Void)?

    init(directories: [String] = Hyphenator.defaultDirectories) { self.directories = directories }

    /// Whether layout waits for a dictionary that is not loaded yet (true, the default)
    /// or goes without it and is told when it arrives (the device: false).
    public var waitsForLoading: Bool {
        get { state.withLock { waits } }
        set { state.withLock { waits = newValue } }
    }

    /// Called, on the thread that loaded it, once per dictionary a layout went without
    /// (not waiting) when it has loaded: the device hands the loop's wake-up here
    /// (`WakePipe.wake`), before it turns waiting off.
    public var onArrival: (@Sendable () -> Void)? {
        get { state.withLock { arrival } }
        set { state.withLock { arrival = newValue } }
    }

    /// The dictionary for `language`; nil when there is none, or (not waiting) while it
    /// is still loading.
    public func hyphenator(for language: String?) -> Hyphenator? {
        guard let language, !language.isEmpty else { return nil }
        if waitsForLoading { return load(language) }
        if lock.try() {
            defer { lock.unlock() }
            if let known = loaded[language] { return known }
        }
        wentWithout(language)
        return nil
    }

    /// Loads `language` now, or waits for the load under way (under the lock, so two
    /// threads never load the same one twice).
    @discardableResult
    func load(_ language: String) -> Hyphenator? {
        lock.lock()
        defer { lock.unlock() }
        if let known = loaded[language] { return known }
        let made = Hyphenator(language: language, directories: directories)
        loaded[language] = made
        return made
    }

    /// Starts loading `language`'s dictionary on a background thread.
    public func preload(_ language: String?) {
        guard let language, !language.isEmpty, state.withLock({ started.insert(language).inserted }) else { return }
        Thread.detachNewThread { [self] in
            load(language)
            announce(language)
        }
    }

    /// A layout went without a dictionary that has not arrived yet (not waiting): its
    /// `onArrival` is still to come (the headless player waits for it before a capture).
    public var isAwaitingArrival: Bool { state.withLock { !skipped.isEmpty } }

    /// Whether `language`'s dictionary has been asked for and loaded (tests).
    func isLoaded(_ language: String) -> Bool { lock.withLock { loaded[language] != nil } }

    private func wentWithout(_ language: String) {
        state.withLock { _ = skipped.insert(language) }
        preload(language)
        // The load may have ended between the look above and the note: announce it now.
        if lock.try() {
            let there = loaded[language] != nil
            lock.unlock()
            if there { announce(language) }
        }
    }

    private func announce(_ language: String) {
        let told = state.withLock { skipped.remove(language) != nil ? arrival : nil }
        told?()
    }
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}
