import Foundation
import Measure

/// The start cases of `lectern bench`: from process start to the first frame handed to
/// the display, by starting this very binary (`lectern first-frame`) `runs` times and
/// reading the monotonic clock it prints at its first frame against the clock read just
/// before it was spawned: exec, dynamic loading, configuration, fonts, layout of the
/// first page and its first frame all count.
public enum StartBench {
    public struct Result { public let name: String; public let runs: [Double] }

    /// The cases, each a start of this binary to its first frame: the demo site (built-in
    /// pages) and a 20-page German site with hyphenation.
    public static let names = ["start.demo", "start.german20"]

    public static func run(_ names: [String] = names, runs: Int, size: String) throws -> [Result] {
        let dir = NSTemporaryDirectory() + "lectern-start-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let german = try GermanSite.write(into: dir, pages: 20)
        let arguments = ["start.demo": ["first-frame", "--size", size],
                         "start.german20": ["first-frame", "--size", size, "--config", german]]
        return try names.compactMap { name in
            guard let args = arguments[name] else { return nil }
            return Result(name: name, runs: try (0..<runs).map { _ in try once(arguments: args) })
        }
    }

    /// Seconds from just before the spawn to the first frame.
    private static func once(arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        let start = SystemClock.shared.now()
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("first_frame_monotonic_s=") }),
              let shown = Double(line.dropFirst("first_frame_monotonic_s=".count)) else {
            throw StartBenchFailed(arguments: arguments, status: process.terminationStatus, output: text)
        }
        return shown - start
    }
}

struct StartBenchFailed: Error, CustomStringConvertible {
    let arguments: [String], status: Int32, output: String
    var description: String { "lectern \(arguments.joined(separator: " ")) exited \(status) without a first frame: \(output)" }
}

/// A German site for the start bench: 20 pages of German prose with long compounds, the
/// site's language "de", so Debian's German hyphenation dictionary (hyphen-de) serves.
enum GermanSite {
    /// Writes the pages and a lectern.toml; returns the configuration's path.
    static func write(into dir: String, pages: Int) throws -> String {
        var toml = "[text]\nlanguage = \"de\"\n\n"
        for i in 1...pages {
            let path = "\(dir)/seite-\(i).md"
            var markdown = "# Abschnitt \(i): Hinweise für Besucherinnen und Besucher\n\n"
            for k in 0..<12 { markdown += paragraphs[(i + k) % paragraphs.count] + "\n\n" }
            try Data(markdown.utf8).write(to: URL(fileURLWithPath: path))
            toml += "[[page]]\ntitle = \"Seite \(i)\"\ncontent = \"\(path)\"\n\n"
        }
        let config = "\(dir)/lectern.toml"
        try Data(toml.utf8).write(to: URL(fileURLWithPath: config))
        return config
    }

    static let paragraphs = [
        "Der Lesesaal ist werktags von neun bis halb sechs geöffnet, samstags bis dreizehn Uhr. Taschen, Mäntel und "
            + "Regenschirme bleiben in den Schließfächern neben der Treppe; die Schließfachschlüssel gibt die Informationstheke aus.",
        "Bestellungen aus dem Magazin werden viermal täglich ausgehoben. Die Bereitstellungsfrist beträgt eine Woche, "
            + "Verlängerungsanträge nimmt die Ausleihverbuchungsstelle im Erdgeschoss entgegen.",
        "Die Donaudampfschifffahrtsgesellschaft stiftete der Bibliothek im neunzehnten Jahrhundert eine umfangreiche "
            + "Kartensammlung, deren Erschließungsarbeiten bis heute andauern und deren Digitalisierungsvorhaben gefördert wird.",
        "Für Handschriften, Inkunabeln und Rara gelten besondere Benutzungsbedingungen: Bleistifte sind erlaubt, "
            + "Füllfederhalter, Textmarker und Lebensmittel nicht. Fotografieren ohne Blitz ist nach Rücksprache gestattet.",
        "Barrierefreiheit: Der Haupteingang verfügt über eine Rollstuhlrampe, der Aufzug erreicht alle Geschosse, und "
            + "an der Informationstheke liegen Vergrößerungsgläser sowie Gebärdensprachdolmetscherverzeichnisse bereit.",
        "Veranstaltungsankündigungen, Ausstellungseröffnungen und Öffnungszeitenänderungen werden am Schwarzen Brett "
            + "im Eingangsbereich sowie auf diesem Bildschirm bekanntgegeben; Rückfragen beantwortet das Auskunftspersonal.",
    ]
}
