import ArgumentParser
import Foundation
import Kiosk
import Raster
import TextFile
import Typeset
import Touch

/// Options shared by the headless commands: which configuration, which screen size.
struct KioskOptions: ParsableArguments {
    @Option(help: "Configuration file (TOML). Without one, the built-in demo pages are shown.")
    var config: String?

    @Option(help: "Screen size WIDTHxHEIGHT in device pixels as the visitor sees it (after [display] rotation: 800x1280 for a portrait kiosk on a 1280x800 panel turned 90°); 1280×800 works too.")
    var size: String = "1280x800"

    func screenSize() throws -> (width: Int, height: Int) {
        // The multiplication sign (U+00D7) is how sizes are printed, the user guide's included.
        guard let parsed = PixelSize(parsing: size.replacingOccurrences(of: "\u{00D7}", with: "x")), (64...8192).contains(parsed.width), (64...8192).contains(parsed.height) else {
            throw ValidationError("--size: '\(size)' is not WIDTHxHEIGHT (64…8192 each), e.g. 1280x800")
        }
        return (parsed.width, parsed.height)
    }

    /// The configuration; its errors (thrown as `ConfigErrors`) exit 65, all of them listed.
    func loadConfig() throws -> KioskConfig {
        guard let config else { return .builtIn }
        return try ConfigLoader.load(path: config)
    }

    /// The kiosk for `config`; fonts that cannot be opened are a configuration error (65).
    func assembly(config: KioskConfig, width: Int, height: Int, speech: SpeechOutput? = nil) throws -> KioskAssembly {
        do {
            return try KioskAssembly(config: config, width: width, height: height, speech: speech)
        } catch {
            throw DataError("\(self.config ?? "built-in configuration"): \(error)")
        }
    }

    func validate() throws { _ = try screenSize() }

    /// Every page's content file can be shown; else each error is printed and the
    /// command exits 65 (a content error, like a bad configuration).
    func checkContent(_ config: KioskConfig) throws {
        let errors = config.pages.compactMap { page -> String? in
            guard case let .file(path) = page.source, !page.isPDF else { return nil }  // poppler's, in its sandbox
            do { try Document.checkLoadable(path: path) } catch { return "\(error)" }
            return nil
        }
        guard errors.isEmpty else {
            for error in errors { FileHandle.standardError.write(Data("lectern: \(error)\n".utf8)) }
            throw ExitCode(65)
        }
        // The pages can be shown; what `check` would still report about them (a missing
        // picture shows its alt text) is said once, so a snapshot is never silently wrong.
        for line in ContentCheck.logLines(config: config) {
            FileHandle.standardError.write(Data("lectern: warning: \(line)\n".utf8))
        }
    }
}

/// Reads a gesture script named by an option (through TextFile: CRLF, BOM and bad bytes
/// read as everywhere else); a missing file is misuse (64), a bad one a data error (65)
/// naming file and line.
func loadScript(path: String) throws -> GestureScript {
    let file: TextFile
    do {
        file = try TextFile.read(path: path, limit: 16 << 20)
    } catch {
        throw CLIUsageError("--script: \(error)")
    }
    do {
        return try GestureScript.parse(file.text, source: path)
    } catch {
        throw DataError("\(error)")
    }
}
