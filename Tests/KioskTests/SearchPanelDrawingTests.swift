import Foundation
import Search
import Typeset
import XCTest
@testable import Kiosk

/// The panel's drawing inputs: a snippet's text is never read as Markdown (only its hits
/// are made strong), and the rows the results are drawn in stay clear of the keyboard.
final class SearchPanelDrawingTests: XCTestCase {
    func testASnippetIsEscapedAndOnlyItsHitsAreStrong() throws {
        let snippet = SearchSnippet(pieces: [.init(text: "Room *214* [map](x) ", isHit: false), .init(text: "Müller", isHit: true),
                                             .init(text: " _b_ # c", isHit: false)])
        let markdown = SearchPanelRenderer.markdown(snippet)
        XCTAssertEqual(markdown, "Room \\*214\\* \\[map\\]\\(x\\) **Müller** \\_b\\_ \\# c")
        // cmark-gfm reads it back as the snippet's own text, the hit alone emphasised.
        let document = Document.markdown(markdown)
        XCTAssertEqual(document.searchText.trimmingCharacters(in: .whitespacesAndNewlines), snippet.text.trimmingCharacters(in: .whitespaces))
    }

    func testTheResultRowsStayAboveTheKeyboard() {
        for (width, height, scale, top) in [(1280.0, 800.0, 1.0, 505.0), (800.0, 480.0, 1.0, 187.0), (1920.0, 1080.0, 2.0, 540.0)] {
            let layout = SearchPanelLayout(width: width, height: height, scale: scale, keyboardTop: top)
            XCTAssertLessThan(layout.field.maxY, layout.messageBox.y + 1)
            for row in layout.rows {
                XCTAssertLessThanOrEqual(Double(row.maxY), top, "\(width)x\(height)")
                XCTAssertGreaterThanOrEqual(row.y, layout.field.maxY)
            }
            XCTAssertLessThanOrEqual(layout.close.maxX, Int(width))
            XCTAssertGreaterThanOrEqual(Double(layout.close.width), 48 * scale - 0.5, "a finger's target")
        }
    }
}
