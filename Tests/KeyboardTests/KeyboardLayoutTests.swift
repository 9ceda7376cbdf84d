import CXKBCommon
import Foundation
import Keyboard
import XCTest

/// The keyboards come from xkeyboard-config through libxkbcommon: each is compared with
/// the layout's symbols file as xkeyboard-config ships it (read here by a reader of the
/// `key <NAME> { [ level1, level2, … ] }` lines of the layout's default section and what
/// it includes), so no key is typed by hand on either side.
final class KeyboardLayoutTests: XCTestCase {
    static let symbolsDirectory = "/usr/share/X11/xkb/symbols"

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.symbolsDirectory + "/us"), "xkb-data is not installed (scripts/install-deps)")
    }

    func testEachLanguagesLayoutMatchesXkeyboardConfigsSymbols() throws {
        for layout in ["us", "ru", "gr", "il", "ara"] {
            let keyboard = try KeyboardLayout.load(layout: layout)
            let symbols = try SymbolsFile.keys(layout: layout, directory: Self.symbolsDirectory)
            XCTAssertGreaterThanOrEqual(keyboard.rows.count, 3, layout)
            var compared = 0
            for key in keyboard.keys {
                let expected = try XCTUnwrap(symbols[key.name], "\(layout) \(key.name) is not in the symbols file")
                XCTAssertEqual(key.text, expected, "\(layout) \(key.name)")
                compared += 1
            }
            // Every letter key of the symbols file is on the keyboard (none is lost).
            let letterKeys = symbols.filter { name, text in
                text.count == 1 && (text.first!.isLetter || text.first!.isNumber) && name.count == 4
                    && (name.hasPrefix("AE") || name.hasPrefix("AD") || name.hasPrefix("AC") || name.hasPrefix("AB") || name == "TLDE")
            }
            XCTAssertEqual(Set(keyboard.keys.map(\.name)).intersection(letterKeys.keys).count, letterKeys.count,
                           "\(layout): \(Set(letterKeys.keys).subtracting(keyboard.keys.map(\.name)).sorted())")
            XCTAssertGreaterThanOrEqual(compared, 26, layout)
        }
    }

    func testRowsAreInTheKeymapsOrder() throws {
        let us = try KeyboardLayout.load(layout: "us")
        XCTAssertEqual(us.rows.map { $0.map(\.text).joined() }, ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"])
        let ru = try KeyboardLayout.load(layout: "ru")
        XCTAssertEqual(ru.rows[1].first?.text, "й")
        XCTAssertEqual(ru.rows[0].first?.text, "ё", "the key left of 1 starts the digit row")
        let ara = try KeyboardLayout.load(layout: "ara")
        XCTAssertEqual(ara.rows[1].first?.text, "ض")
    }

    func testLatinLongPressGivesTheComposeTablesAccentedLetters() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/share/X11/locale/en_US.UTF-8/Compose"), "libx11-data is not installed")
        let us = try KeyboardLayout.load(layout: "us")
        let e = try XCTUnwrap(us.keys.first { $0.text == "e" })
        for accented in ["é", "è", "ê", "ë"] { XCTAssertTrue(e.alternates.contains(accented), "\(accented) in \(e.alternates)") }
        let u = try XCTUnwrap(us.keys.first { $0.text == "u" })
        XCTAssertTrue(u.alternates.contains("ü"))
        let n = try XCTUnwrap(us.keys.first { $0.text == "n" })
        XCTAssertTrue(n.alternates.contains("ñ"))
        XCTAssertFalse(e.alternates.contains("e"))
        let gr = try KeyboardLayout.load(layout: "gr")
        let alpha = try XCTUnwrap(gr.keys.first { $0.text == "α" })
        XCTAssertTrue(alpha.alternates.contains("ά"), "\(alpha.alternates)")
    }

    func testAnUnknownLayoutIsOneClearError() {
        XCTAssertThrowsError(try KeyboardLayout.load(layout: "no-such-layout")) { error in
            XCTAssertTrue("\(error)".contains("no keyboard layout \"no-such-layout\""), "\(error)")
        }
    }

    func testLanguagesPickTheirLayouts() {
        XCTAssertEqual(KeyboardLayout.layoutName(forLanguage: "de"), "us")
        XCTAssertEqual(KeyboardLayout.layoutName(forLanguage: "ru-RU"), "ru")
        XCTAssertEqual(KeyboardLayout.layoutName(forLanguage: "el"), "gr")
        XCTAssertEqual(KeyboardLayout.layoutName(forLanguage: "he"), "il")
        XCTAssertEqual(KeyboardLayout.layoutName(forLanguage: "ar"), "ara")
        XCTAssertEqual(KeyboardLayout.layoutName(forLanguage: "zh-Hans"), "us")
    }
}

/// The keys of an xkeyboard-config symbols file as written: the layout's default
/// section (else the first), its `include`s followed in place (a key defined again later
/// wins, NoSymbol keeps the earlier one, as xkbcomp merges), each key's first level turned into its character by
/// libxkbcommon's keysym names.
enum SymbolsFile {
    struct Failure: Error { let why: String }

    static func keys(layout: String, directory: String) throws -> [String: String] {
        try keys(file: layout, section: nil, directory: directory, depth: 0)
    }

    private static func keys(file: String, section: String?, directory: String, depth: Int) throws -> [String: String] {
        guard depth < 8 else { throw Failure(why: "includes too deep") }
        let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
        let body = try sectionBody(text, named: section)
        var answer: [String: String] = [:]
        for line in body.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("include") {
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"") else { continue }
                let spec = String(trimmed[trimmed.index(after: open)..<close])
                let parts = spec.split(separator: "(")
                let name = String(parts[0])
                let sub = parts.count > 1 ? String(parts[1].dropLast()) : nil
                guard FileManager.default.fileExists(atPath: directory + "/" + name) else { continue }
                answer.merge(try keys(file: name, section: sub, directory: directory, depth: depth + 1)) { $1 }
            } else if trimmed.hasPrefix("key <"), let close = trimmed.firstIndex(of: ">"),
                      let bracket = trimmed.firstIndex(of: "["), let end = trimmed[bracket...].firstIndex(of: "]") {
                let name = String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<close])
                let first = trimmed[trimmed.index(after: bracket)..<end].split(separator: ",").first?
                    .trimmingCharacters(in: .whitespaces) ?? ""
                // NoSymbol keeps what an earlier definition put there, as xkbcomp merges.
                if first != "NoSymbol" { answer[name] = character(ofKeysym: first) }
            }
        }
        return answer
    }

    private static func character(ofKeysym name: String) -> String {
        let sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        guard sym != 0, let scalar = Unicode.Scalar(xkb_keysym_to_utf32(sym)), scalar.value != 0 else { return "" }
        return String(scalar)
    }

    private static func sectionBody(_ text: String, named name: String?) throws -> String {
        let lines = text.components(separatedBy: "\n")
        var start: Int?
        for (index, line) in lines.enumerated() where line.contains("xkb_symbols \"") {
            let named = line.components(separatedBy: "\"").dropFirst().first ?? ""
            if let name { if named == name { start = index; break } }
            else if line.contains("default") || start == nil {
                start = index
                if line.contains("default") { break }
            }
        }
        guard let start else { throw Failure(why: "no section \(name ?? "default")") }
        var body: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("};") { break }
            body.append(line.components(separatedBy: "//").first ?? "")
        }
        return body.joined(separator: "\n")
    }
}
