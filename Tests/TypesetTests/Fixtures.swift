import Foundation
import XCTest
import Raster
@testable import Typeset

enum Fonts {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let droid = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    /// DejaVu + Droid, nothing from fontconfig: output independent of installed fonts.
    static func pinned(size: Double = 24) throws -> Typesetter {
        try Typesetter(style: .pinned([dejaVu, droid], size: size))
    }
}

/// A canvas-sized white bitmap to draw into.
func whiteBitmap(width: Int, height: Int) throws -> Bitmap {
    let bitmap = try Bitmap(width: width, height: height)
    let canvas = bitmap.canvas
    for y in 0..<height {
        canvas.row(y).update(repeating: 0xFFFF_FFFF, count: width)
    }
    return bitmap
}

extension XCTestCase {
    /// `contents` written to a file of its own, removed (with its directory) when the test
    /// ends: a test run leaves nothing in the temporary directory.
    func temporaryFile(named name: String, contents: Data) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-tests-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }
}
