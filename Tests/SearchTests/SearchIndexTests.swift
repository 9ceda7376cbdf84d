import Foundation
import Search
import XCTest

final class SearchIndexTests: XCTestCase {
    /// A site of real size: 100 pages of several hundred words each, with the pages the
    /// queries below look for among them.
    static func site() -> [SearchDocument] {
        var documents: [SearchDocument] = []
        for page in 0..<96 {
            // Some 2,000 words a page; "opening hours" on every fourth page, a few times.
            var words = (0..<2000).map { "word\(($0 * 7 + page) % 997)" }
            if page % 4 == 0 { for at in stride(from: 100, to: 2000, by: 500) { words[at] = "opening hours" } }
            documents.append(SearchDocument(page: page, title: "Page \(page)", text: "Filler text \(page). " + words.joined(separator: " ")))
        }
        documents.append(SearchDocument(page: 96, title: "Staff", text: "Dr. Anna Müller works in room 214. Ask at the café on the ground floor."))
        documents.append(SearchDocument(page: 97, title: "المكتبة", text: "تفتح المكتبة العامة في الساعة التاسعة صباحاً. مُحَمَّد هو أمين المكتبة."))
        documents.append(SearchDocument(page: 98, title: "アクセス", text: "東京駅から徒歩五分です。図書館は三階にあります。"))
        documents.append(SearchDocument(page: 99, title: "ภาษาไทย", text: "ห้องสมุดเปิดทุกวันตั้งแต่เก้าโมงเช้า"))
        return documents
    }

    func makeIndex() throws -> SearchIndex {
        let (index, origin) = SearchIndexStore.open(directory: nil, version: "test", documents: Self.site)
        XCTAssertEqual(origin, .memory(reason: nil))
        return try XCTUnwrap(index)
    }

    func testAccentsAndCaseAreIgnoredBothWays() throws {
        let index = try makeIndex()
        for query in ["muller", "MÜLLER", "Müller", "cafe", "café", "CAFÉ"] {
            let results = try index.search(query)
            XCTAssertEqual(results.map(\.page), [96], query)
        }
        // Decomposed input (e + combining acute) is the same word.
        XCTAssertEqual(try index.search("cafe\u{301}").map(\.page), [96])
    }

    func testPrefixesMatchWhileTyping() throws {
        let index = try makeIndex()
        XCTAssertEqual(try index.search("mül").map(\.page), [96])
        XCTAssertEqual(try index.search("anna mu").map(\.page), [96])
        XCTAssertEqual(try index.search("anna zebra"), [], "every word is required")
    }

    func testSnippetMarksTheHitAndResultsCarryTitles() throws {
        let index = try makeIndex()
        let result = try XCTUnwrap(index.search("muller").first)
        XCTAssertEqual(result.rank, 1)
        XCTAssertEqual(result.title, "Staff")
        XCTAssertEqual(result.snippet.hits, ["Müller"])
        XCTAssertTrue(result.snippet.marked().contains("Anna [Müller] works"), result.snippet.marked())
    }

    func testRankingPrefersTheTitleAndDenserPages() throws {
        var documents = Self.site()
        documents.append(SearchDocument(page: 100, title: "Opening hours", text: "Monday to Friday."))
        let index = try XCTUnwrap(SearchIndexStore.open(directory: nil, version: "v", documents: { documents }).index)
        let results = try index.search("opening hours")
        XCTAssertEqual(results.first?.page, 100)
        XCTAssertEqual(results.count, SearchIndex.maximumResults)
        XCTAssertEqual(results.map(\.rank), Array(1...SearchIndex.maximumResults))
        XCTAssertEqual(Set(results.dropFirst().map { $0.page % 4 }), [0], "only pages with both words")
    }

    func testArabicAsWrittenWithOrWithoutVowelMarks() throws {
        let index = try makeIndex()
        XCTAssertEqual(try index.search("المكتبة").map(\.page), [97])
        XCTAssertEqual(try index.search("محمد").map(\.page), [97], "the page's voweled spelling")
        XCTAssertEqual(try index.search("مُحَمَّد").map(\.page), [97])
    }

    func testChineseJapaneseAndThaiBySegmentedWords() throws {
        let index = try makeIndex()
        XCTAssertEqual(try index.search("図書館").map(\.page), [98])
        XCTAssertEqual(try index.search("東京").map(\.page), [98])
        XCTAssertEqual(try index.search("ห้องสมุด").map(\.page), [99])
        let snippet = try XCTUnwrap(index.search("図書館").first?.snippet)
        XCTAssertEqual(snippet.hits, ["図書館"])
        XCTAssertFalse(snippet.text.unicodeScalars.contains(SearchText.wordSeparator), "the separators never show")
    }

    func testQuerySyntaxIsNeverInterpreted() throws {
        let index = try makeIndex()
        for hostile in ["\"", "muller OR", "title:staff", "NEAR(a b)", "*", "^muller", "a\"b", "(", "-", ")))"] {
            XCTAssertNoThrow(try index.search(hostile), hostile)
        }
        XCTAssertEqual(try index.search("\"muller\"").map(\.page), [96])
        XCTAssertEqual(try index.search("   "), [])
        XCTAssertEqual(try index.search(""), [])
    }

    func testQueryIsCappedInLengthAndWords() {
        let long = String(repeating: "abcdefgh ", count: 100)
        let query = SearchQuery(long)
        XCTAssertLessThanOrEqual(query.words.joined().count, SearchQuery.maximumLength)
        XCTAssertLessThanOrEqual(query.words.count, SearchQuery.maximumWords)
        XCTAssertEqual(SearchQuery("Café-Müller, 2nd floor!").words, ["Café", "Müller", "2nd", "floor"])
    }

    func testMarkersInPageTextCannotForgeHits() throws {
        let documents = [SearchDocument(page: 0, title: "T", text: "plain \u{E000}fake\u{E001} text with needle")]
        let index = try XCTUnwrap(SearchIndexStore.open(directory: nil, version: "v", documents: { documents }).index)
        let snippet = try XCTUnwrap(index.search("needle").first?.snippet)
        XCTAssertEqual(snippet.hits, ["needle"])
    }
}
