import Foundation
@testable import Kiosk

/// Long English prose for the reading tests: paragraphs of ordinary sentences (written
/// for these tests), different lengths, so lines wrap as real text does.
enum ReadingFixtures {
    static let sentences = [
        "The museum opens its doors at ten in the morning and closes them at six in the evening.",
        "Visitors who arrive by bicycle will find racks beside the main entrance, under the old chestnut tree.",
        "Guided tours leave from the information desk every hour; they last about forty minutes.",
        "Photography is allowed in the permanent collection, but please do not use a flash.",
        "The café on the first floor serves soup, sandwiches and cakes baked in the kitchen every morning.",
        "Children under twelve enter free of charge when they come with an adult.",
        "Lockers for coats and bags are in the basement, next to the cloakroom and the lifts.",
        "The garden behind the building is open in summer, weather permitting, until half past eight.",
        "Our library holds old maps, letters and photographs of the town, which may be read by appointment.",
        "Please ask a member of staff if you need a wheelchair, a folding stool or a magnifying glass.",
    ]

    /// `count` paragraphs of two to five sentences each.
    static func prose(paragraphs count: Int) -> String {
        let paragraphs: [String] = (0..<count).map { (p: Int) -> String in
            let picked: [String] = (0..<(2 + p % 4)).map { (s: Int) -> String in sentences[(p * 3 + s) % sentences.count] }
            return picked.joined(separator: " ")
        }
        return paragraphs.joined(separator: "\n\n")
    }

    static func config(markdown: String) -> KioskConfig {
        var config = KioskConfig.builtIn
        config.pages = [KioskConfig.Page(title: "Prose", source: .builtIn(markdown: markdown))] + KioskConfig.builtIn.pages
        return config
    }
}
