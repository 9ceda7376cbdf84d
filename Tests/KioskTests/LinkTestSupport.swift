import Foundation
import KioskHeadless
import XCTest
import Raster
import Spring
import Touch
@testable import Kiosk

/// Two content files that link to each other, the web and themselves, played headless.
class LinkTestCase: XCTestCase {
    let width = 800, height = 600
    static let webAddress = "https://example.com/lectern?visit=1"

    /// Filler long enough that headings far down can reach the top of the screen.
    static func filler(_ n: Int) -> String {
        (1...n).map { "Paragraph \($0) of filler text, long enough to wrap onto a second line at this width so the page is long." }
            .joined(separator: "\n\n")
    }

    static let alpha = """
    # Alpha

    \(filler(2))

    Go to [the beta page](b.md) or [its second part](b.md#second-part), or [far below](#far-below) here, \
    or see [the web](\(webAddress)), or [nothing](missing.md).

    \(filler(12))

    ## Far below

    \(filler(12))
    """

    static let beta = """
    # Beta

    \(filler(10))

    ## Second part

    \(filler(12))
    """

    func contentDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "lectern-links-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.alpha.utf8).write(to: URL(fileURLWithPath: dir + "/a.md"))
        try Data(Self.beta.utf8).write(to: URL(fileURLWithPath: dir + "/b.md"))
        return dir
    }

    func linkConfig(textSize: Double = 20) throws -> KioskConfig {
        let dir = try contentDirectory()
        var config = KioskConfig()
        config.text.size = textSize
        config.pages = [.init(title: "Alpha", source: .file(path: dir + "/a.md")),
                        .init(title: "Beta", source: .file(path: dir + "/b.md"))]
        return config
    }

    func makePlayer(_ config: KioskConfig) throws -> (KioskAssembly, HeadlessPlayer) {
        let assembly = try KioskAssembly(config: config, width: width, height: height)
        let player = try assembly.player()
        player.render(at: 0)
        return (assembly, player)
    }

    /// A script played in steps: each `play(until:)` goes on from where the last stopped.
    final class ScriptRun {
        let player: HeadlessPlayer
        let events: [ScriptEvent]
        private var index = 0
        init(_ text: String, on player: HeadlessPlayer) throws {
            self.player = player
            events = try GestureScript.parse(text).events
        }
        func play(until end: Double? = nil) { player.play(events, from: &index, until: end ?? (events.last?.time ?? 0)) }
    }

    func play(_ script: String, on player: HeadlessPlayer) throws {
        try ScriptRun(script, on: player).play()
    }

    /// Screen boxes of the link to `target` on the scene's page, at the scroll of `time`.
    func boxes(of target: String, in assembly: KioskAssembly, at time: Double = 0) throws -> [IntRect] {
        let scene = assembly.scene
        let layout = assembly.content.layout(page: scene.currentPage, width: scene.textWidth)
        let link = try XCTUnwrap(layout.links.first { $0.target == target }, "no link to \(target)")
        let origin = scene.pageOrigin(at: time)
        return link.rects.map { $0.offsetBy(dx: origin.x, dy: origin.y) }
    }

    /// The middle of the link's first box, where a finger aims.
    func center(of target: String, in assembly: KioskAssembly, at time: Double = 0) throws -> (x: Int, y: Int) {
        let box = try XCTUnwrap(boxes(of: target, in: assembly, at: time).first)
        return (box.x + box.width / 2, box.y + box.height / 2)
    }

    /// The top (device px) the heading `slug` of page `page` scrolls to.
    func anchorOffset(_ slug: String, page: Int, in assembly: KioskAssembly) throws -> Double {
        let scene = assembly.scene
        let top = try XCTUnwrap(assembly.content.anchorTop(page: page, width: scene.textWidth, slug: slug))
        return min(top, scene.pageLength(of: page) - scene.height)
    }

    /// Device px the finger must travel for a resisted pull of `progress` × the affordance width.
    func fingerDistance(progress: Double) -> Double {
        RubberBand.unresisted(progress * 60, dimension: Double(width))
    }

    func mid(_ r: IntRect) -> (x: Int, y: Int) { (r.x + r.width / 2, r.y + r.height / 2) }
}
